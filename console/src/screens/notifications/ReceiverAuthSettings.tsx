import { Accordion, PasswordInput, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import type { ReactElement } from 'react';
import { draftFields } from '../../ui/draft-fields';
import { EntryListEditor } from '../../ui/EntryListEditor';
import { EntryRow } from '../../ui/EntryRow';
import { EntryTextInputs, type TextColumn } from '../../ui/EntryTextInputs';
import { errorOn, type FieldErrors } from '../../ui/field-errors';
import { MONOSPACE_INPUT } from './EventFilterRows';
import type { ReceiverFields } from './receiver-draft';

const CLIENT = 'httpClientConfiguration';
const OAUTH = `${CLIENT}.clientCredentialOauth2Config`;
const TLS = `${CLIENT}.tlsConfiguration`;

/** How a PEM text shows: a few lines, growing with what is pasted, in a monospace face. */
const PEM = { autosize: true, minRows: 2, maxRows: 8, styles: MONOSPACE_INPUT };

interface Props {
  fields: ReceiverFields;
  set: (patch: Partial<ReceiverFields>) => void;
  errors: FieldErrors;
  readOnly: boolean;
}

/** A header's name, then its value (the wider). */
const HEADER_COLUMNS: TextColumn<ReceiverFields['headers'][number]>[] = [
  { field: 'name', label: (number) => `Header ${number} name`, style: { flex: '1 1 110px' } },
  { field: 'value', label: (number) => `Header ${number} value`, style: { flex: '2 1 140px' } },
];

function HeaderRows({ fields, set, errors, readOnly }: Props) {
  return (
    <EntryListEditor
      description="Fixed headers sent with every web hook (not secrets: answers show them in clear)."
      entries={fields.headers}
      onChange={(headers) => set({ headers })}
      newEntry={() => ({ name: '', value: '' })}
      addLabel="Add header"
      error={errorOn(errors, `${CLIENT}.httpHeaders`)}
      readOnly={readOnly}
      renderEntry={(row, { index, replace, remove }) => (
        <EntryRow removeLabel={`Remove header ${index + 1}`} onRemove={remove} readOnly={readOnly}>
          <EntryTextInputs
            entry={row}
            number={index + 1}
            columns={HEADER_COLUMNS}
            onChange={replace}
            readOnly={readOnly}
          />
        </EntryRow>
      )}
    />
  );
}

/** The inputs of the receiver's part `part`, whose errors the API names under `path`. */
const partInputs = <K extends 'oauth' | 'tls'>({ fields, set, errors, readOnly }: Props, part: K, path: string) =>
  draftFields({ draft: fields, update: set, errors, readOnly }).part(part, path);

function OAuthFields(props: Props) {
  const { oauth } = props.fields;
  const inputs = partInputs(props, 'oauth', OAUTH);
  return (
    <Stack gap="xs">
      <Text size="sm">
        The platform asks this token endpoint for a bearer token (client credentials grant) and sends it with each web
        hook.
      </Text>
      <TextInput label="Token URL" {...inputs.text('tokenUrl')} />
      <TextInput label="Client id" {...inputs.text('clientId')} />
      <PasswordInput
        label="Client secret"
        description={
          oauth.secretStored
            ? 'A secret is stored (never shown): leave empty to keep it, or type a new one.'
            : undefined
        }
        {...inputs.text('clientSecret')}
      />
      <TagsInput label="Scopes" {...inputs.list('scopes')} />
    </Stack>
  );
}

function TlsFields(props: Props) {
  const { fields, set, readOnly } = props;
  const inputs = partInputs(props, 'tls', TLS);
  return (
    <Stack gap="xs">
      <Select
        label="TLS mode"
        data={['MUTUAL', 'SERVER']}
        clearable
        value={fields.tls.tlsAuthMode || null}
        readOnly={readOnly}
        onChange={(value) => set({ tls: { ...fields.tls, tlsAuthMode: value ?? '' } })}
      />
      <Textarea label="Client certificate chain (PEM)" {...PEM} {...inputs.text('clientCertificates')} />
      <Textarea
        label="Client private key (PEM)"
        description={
          fields.tls.keyStored
            ? 'A key is stored (never shown): leave empty to keep it, or paste a new one.'
            : undefined
        }
        {...PEM}
        {...inputs.text('privateKey')}
      />
      <Textarea label="Server CA certificates (PEM)" {...PEM} {...inputs.text('serverCACertificates')} />
    </Stack>
  );
}

/** The folded parts: what each is called (with whether it is on), whether it opens at first, and its inputs. */
const PARTS: {
  value: string;
  title: (fields: ReceiverFields) => string;
  /** A setting or an error: the part opens to show it. */
  opens: (fields: ReceiverFields, errors: FieldErrors) => unknown;
  Inputs: (props: Props) => ReactElement;
}[] = [
  {
    value: 'headers',
    title: (fields) => `Fixed headers (${fields.headers.length})`,
    opens: (fields, errors) => fields.headers.length || errorOn(errors, `${CLIENT}.httpHeaders`),
    Inputs: HeaderRows,
  },
  {
    value: 'oauth',
    title: (fields) => `OAuth2 client credentials ${fields.oauth.tokenUrl ? '(on)' : '(off)'}`,
    opens: (fields, errors) => fields.oauth.tokenUrl || fields.oauth.secretStored || errorOn(errors, OAUTH),
    Inputs: OAuthFields,
  },
  {
    value: 'tls',
    title: (fields) => `TLS client certificate ${fields.tls.clientCertificates ? '(on)' : '(off)'}`,
    opens: (fields, errors) => fields.tls.clientCertificates || fields.tls.keyStored || errorOn(errors, TLS),
    Inputs: TlsFields,
  },
];

/**
 * Headers, OAuth2 client credentials and TLS of a web hook, folded; a part with a setting opens at first, a part with an
 * error opens when the error comes (remounting on new errors only, so typing never loses focus).
 */
export function ReceiverAuthSettings(props: Props) {
  const { fields, errors } = props;
  const open = PARTS.filter((part) => part.opens(fields, errors)).map((part) => part.value);
  return (
    <Accordion multiple variant="contained" defaultValue={open} key={Object.keys(errors).join()}>
      {PARTS.map(({ value, title, Inputs }) => (
        <Accordion.Item key={value} value={value}>
          <Accordion.Control>{title(fields)}</Accordion.Control>
          <Accordion.Panel>
            <Inputs {...props} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
