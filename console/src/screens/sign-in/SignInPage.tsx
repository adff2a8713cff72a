import { Alert, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { beginSignIn } from '../../auth/sign-in-flow';

const LAST_REALM = 'console.last-realm';

/** Where sign-in starts: which realm (the operator's, or a customer's), then the realm's own sign-in page. */
export function SignInPage({ returnTo, error }: { returnTo: string | undefined; error: string | undefined }) {
  const [realm, setRealm] = useState(() => localStorage.getItem(LAST_REALM) ?? 'operator');
  const [problem, setProblem] = useState(error);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    localStorage.setItem(LAST_REALM, realm.trim());
    try {
      await beginSignIn(realm.trim(), returnTo ?? '/');
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : 'The sign-in could not start.');
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder p="xl" radius="md" w={400} maw="100%">
        <form onSubmit={submit}>
          <Stack>
            <Title order={1} size="h2">
              Commerce Platform console
            </Title>
            <Text c="dimmed">
              Sign in with your organisation's realm: `operator` for the platform's operators, your own realm name for a
              publisher or reseller.
            </Text>
            {problem && (
              <Alert color="red" role="alert" title="Cannot sign in">
                {problem}
              </Alert>
            )}
            <TextInput
              label="Realm"
              value={realm}
              onChange={(event) => setRealm(event.currentTarget.value)}
              required
              autoComplete="organization"
              autoFocus
            />
            <Button type="submit" loading={busy}>
              Continue to sign-in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
