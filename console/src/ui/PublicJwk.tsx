import { Button, Code, Collapse, CopyButton, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactElement, useId } from 'react';
import type { Schemas } from '../api/client';
import { RecordFields } from './RecordFields';

type Jwk = NonNullable<Schemas['Customer']['signingPublicKey']>;

/**
 * A public key as those who check signatures need it: what identifies it (key id, algorithm, curve) to read at a
 * glance, the JWK itself to copy, and its JSON only on demand (it is long and mostly base64).
 */
export function PublicJwk({ jwk }: { jwk: Jwk }): ReactElement {
  const [shown, disclosure] = useDisclosure(false);
  const jsonId = useId();
  const json = JSON.stringify(jwk, null, 2);
  return (
    <Stack gap="xs">
      <RecordFields
        labelWidth="35%"
        fields={[
          { label: 'Key id', value: jwk.kid && <Code>{jwk.kid}</Code> },
          { label: 'Algorithm', value: jwk.alg },
          { label: 'Curve', value: jwk.crv },
        ]}
      />
      <Group gap="xs">
        <CopyButton value={json}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy public JWK'}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="default"
          onClick={disclosure.toggle}
          aria-expanded={shown}
          aria-controls={jsonId}
          rightSection={shown ? '▴' : '▾'}
        >
          Show JWK
        </Button>
      </Group>
      <Collapse expanded={shown} id={jsonId}>
        <Code block aria-label="Public JWK" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {json}
        </Code>
      </Collapse>
    </Stack>
  );
}
