import {
  Accordion,
  Button,
  CloseButton,
  Group,
  PasswordInput,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MONOSPACE_INPUT } from './EventFilterRows';
import type { ReceiverFields } from './receiver-draft';

const CLIENT = 'httpClientConfiguration';
const OAUTH = `${CLIENT}.clientCredentialOauth2Config`;
const TLS = `${CLIENT}.tlsConfiguration`;

/** The first message among fields under `prefix`. */
const under = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([field]) => field === prefix || field.startsWith(`${prefix}.`))?.[1];

interface Props {
  fields: ReceiverFields;
  set: (patch: Partial<ReceiverFields>) => void;
  errors: Record<string, string>;
  readOnly: boolean;
}

function HeaderRows({ fields, set, errors, readOnly }: Props) {
  const change = (index: number, patch: Partial<ReceiverFields['headers'][number]>) =>
    set({ headers: fields.headers.map((row, at) => (at === index ? { ...row, ...patch } : row)) });
  return (
    <Stack gap="xs">
      <Text size="sm">Fixed headers sent with every web hook (not secrets: answers show them in clear).</Text>
      {fields.headers.map((row, index) => (
        <Group key={index} align="end" gap="xs" wrap="wrap">
          <TextInput
            label={`Header ${index + 1} name`}
            value={row.name}
            readOnly={readOnly}
            onChange={(event) => change(index, { name: event.currentTarget.value })}
            style={{ flex: '1 1 110px' }}
          />
          <TextInput
            label={`Header ${index + 1} value`}
            value={row.value}
            readOnly={readOnly}
            onChange={(event) => change(index, { value: event.currentTarget.value })}
            style={{ flex: '2 1 140px' }}
          />
          {!readOnly && (
            <CloseButton
              size="lg"
              mb={4}
              onClick={() => set({ headers: fields.headers.filter((_, at) => at !== index) })}
              aria-label={`Remove header ${index + 1}`}
              title={`Remove header ${index + 1}`}
            />
          )}
        </Group>
      ))}
      {under(errors, `${CLIENT}.httpHeaders`) && (
        <Text c="red.8" size="sm" role="alert">
          {under(errors, `${CLIENT}.httpHeaders`)}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => set({ headers: [...fields.headers, { name: '', value: '' }] })}
          >
            Add header
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function OAuthFields({ fields, set, errors, readOnly }: Props) {
  const oauth = (patch: Partial<ReceiverFields['oauth']>) => set({ oauth: { ...fields.oauth, ...patch } });
  return (
    <Stack gap="xs">
      <Text size="sm">
        The platform asks this token endpoint for a bearer token (client credentials grant) and sends it with each web
        hook.
      </Text>
      <TextInput
        label="Token URL"
        value={fields.oauth.tokenUrl}
        readOnly={readOnly}
        onChange={(event) => oauth({ tokenUrl: event.currentTarget.value })}
        error={errors[`${OAUTH}.tokenUrl`]}
      />
      <TextInput
        label="Client id"
        value={fields.oauth.clientId}
        readOnly={readOnly}
        onChange={(event) => oauth({ clientId: event.currentTarget.value })}
        error={errors[`${OAUTH}.clientId`]}
      />
      <PasswordInput
        label="Client secret"
        description={
          fields.oauth.secretStored
            ? 'A secret is stored (never shown): leave empty to keep it, or type a new one.'
            : undefined
        }
        value={fields.oauth.clientSecret}
        readOnly={readOnly}
        onChange={(event) => oauth({ clientSecret: event.currentTarget.value })}
        error={errors[`${OAUTH}.clientSecret`]}
      />
      <TagsInput
        label="Scopes"
        value={fields.oauth.scopes}
        readOnly={readOnly}
        onChange={(scopes) => oauth({ scopes })}
        error={errors[`${OAUTH}.scopes`]}
      />
    </Stack>
  );
}

function TlsFields({ fields, set, errors, readOnly }: Props) {
  const tls = (patch: Partial<ReceiverFields['tls']>) => set({ tls: { ...fields.tls, ...patch } });
  return (
    <Stack gap="xs">
      <Select
        label="TLS mode"
        data={['MUTUAL', 'SERVER']}
        clearable
        value={fields.tls.tlsAuthMode || null}
        readOnly={readOnly}
        onChange={(value) => tls({ tlsAuthMode: value ?? '' })}
      />
      <Textarea
        label="Client certificate chain (PEM)"
        autosize
        minRows={2}
        maxRows={8}
        styles={MONOSPACE_INPUT}
        value={fields.tls.clientCertificates}
        readOnly={readOnly}
        onChange={(event) => tls({ clientCertificates: event.currentTarget.value })}
        error={errors[`${TLS}.clientCertificates`]}
      />
      <Textarea
        label="Client private key (PEM)"
        description={
          fields.tls.keyStored
            ? 'A key is stored (never shown): leave empty to keep it, or paste a new one.'
            : undefined
        }
        autosize
        minRows={2}
        maxRows={8}
        styles={MONOSPACE_INPUT}
        value={fields.tls.privateKey}
        readOnly={readOnly}
        onChange={(event) => tls({ privateKey: event.currentTarget.value })}
        error={errors[`${TLS}.privateKey`]}
      />
      <Textarea
        label="Server CA certificates (PEM)"
        autosize
        minRows={2}
        maxRows={8}
        styles={MONOSPACE_INPUT}
        value={fields.tls.serverCACertificates}
        readOnly={readOnly}
        onChange={(event) => tls({ serverCACertificates: event.currentTarget.value })}
        error={errors[`${TLS}.serverCACertificates`]}
      />
    </Stack>
  );
}

/**
 * Headers, OAuth2 client credentials and TLS of a web hook, folded; a part with a setting opens at first, a part with an
 * error opens when the error comes (remounting on new errors only, so typing never loses focus).
 */
export function ReceiverAuthSettings(props: Props) {
  const { fields, errors } = props;
  const open = [
    ...(fields.headers.length || under(errors, `${CLIENT}.httpHeaders`) ? ['headers'] : []),
    ...(fields.oauth.tokenUrl || fields.oauth.secretStored || under(errors, OAUTH) ? ['oauth'] : []),
    ...(fields.tls.clientCertificates || fields.tls.keyStored || under(errors, TLS) ? ['tls'] : []),
  ];
  return (
    <Accordion multiple variant="contained" defaultValue={open} key={Object.keys(errors).join()}>
      <Accordion.Item value="headers">
        <Accordion.Control>Fixed headers ({fields.headers.length})</Accordion.Control>
        <Accordion.Panel>
          <HeaderRows {...props} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="oauth">
        <Accordion.Control>OAuth2 client credentials {fields.oauth.tokenUrl ? '(on)' : '(off)'}</Accordion.Control>
        <Accordion.Panel>
          <OAuthFields {...props} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="tls">
        <Accordion.Control>TLS client certificate {fields.tls.clientCertificates ? '(on)' : '(off)'}</Accordion.Control>
        <Accordion.Panel>
          <TlsFields {...props} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
