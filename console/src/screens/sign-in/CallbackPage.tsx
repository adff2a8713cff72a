import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { completeSignIn } from '../../auth/sign-in-flow';

/** The realm's sign-in page sends the browser here with a code (or an error): the code becomes the session. */
export function CallbackPage() {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    // Once: a code is single use, and React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    const url = new URL(location.href);
    const refused = url.searchParams.get('error_description') ?? url.searchParams.get('error');
    if (refused) {
      setProblem(refused);
      return;
    }
    completeSignIn(url).then(
      (returnTo) => navigate({ to: returnTo, replace: true }),
      (failure: unknown) =>
        setProblem(failure instanceof Error ? failure.message : 'The sign-in could not be completed.'),
    );
  }, [navigate]);

  return (
    <Center mih="100vh" p="md" component="main">
      {problem ? (
        <Stack>
          <Alert color="red" role="alert" title="Cannot sign in">
            {problem}
          </Alert>
          <Anchor component={Link} to="/sign-in">
            Sign in again
          </Anchor>
        </Stack>
      ) : (
        <Stack align="center">
          <Loader aria-label="Signing in" />
          <Text>Signing in…</Text>
        </Stack>
      )}
    </Center>
  );
}
