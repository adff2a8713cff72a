import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** A secret the API shows this once: say so, and let it be copied. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  return (
    <Alert color="yellow" title={`${label}: shown this once`} role="status">
      <Stack gap="xs">
        <Text size="sm">Copy it now and keep it safe: it is never shown again (rotate it to get a new one).</Text>
        <Group wrap="nowrap" align="center">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} aria-label={label}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant="light">
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
