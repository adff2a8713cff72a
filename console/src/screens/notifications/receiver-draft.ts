import type { Schemas } from '../../api/client';

type Receiver = Schemas['NotificationReceiver'];
type ReceiverDraft = Schemas['NotificationReceiverDraft'];
type HttpClient = Schemas['NotificationHttpClientConfiguration'];
type OAuth = NonNullable<HttpClient['clientCredentialOauth2Config']>;
type Tls = NonNullable<HttpClient['tlsConfiguration']>;

/** A receiver as its form edits it: e-mails as one text, headers as rows, write-only secrets empty unless retyped. */
export interface ReceiverFields {
  name: string;
  status: Receiver['status'];
  byWebHook: boolean;
  url: string;
  byEmail: boolean;
  emails: string;
  useEmailTemplate: boolean;
  emailTemplateName: string;
  locale: string;
  notificationDefinitionIds: string[];
  targetedCustomerIds: string[];
  headers: { name: string; value: string }[];
  oauth: Required<Pick<OAuth, 'clientId' | 'clientSecret' | 'tokenUrl'>> & { scopes: string[]; secretStored: boolean };
  tls: Required<Pick<Tls, 'clientCertificates' | 'privateKey' | 'serverCACertificates' | 'tlsAuthMode'>> & {
    keyStored: boolean;
  };
}

export function emptyReceiver(): ReceiverFields {
  return {
    name: '',
    status: 'ACTIVE',
    byWebHook: true,
    url: '',
    byEmail: false,
    emails: '',
    useEmailTemplate: false,
    emailTemplateName: '',
    locale: '',
    notificationDefinitionIds: [],
    targetedCustomerIds: [],
    headers: [],
    oauth: { clientId: '', clientSecret: '', tokenUrl: '', scopes: [], secretStored: false },
    tls: { clientCertificates: '', privateKey: '', serverCACertificates: '', tlsAuthMode: '', keyStored: false },
  };
}

export function fieldsOf(receiver: Receiver): ReceiverFields {
  const emails = Array.isArray(receiver.emails) ? receiver.emails.join(', ') : (receiver.emails ?? '');
  const client = receiver.httpClientConfiguration ?? {};
  const oauth = client.clientCredentialOauth2Config ?? {};
  const tls = client.tlsConfiguration ?? {};
  return {
    name: receiver.name,
    status: receiver.status,
    byWebHook: Boolean(receiver.url),
    url: receiver.url ?? '',
    byEmail: emails !== '',
    emails,
    useEmailTemplate: Boolean(receiver.useEmailTemplate),
    emailTemplateName: receiver.emailTemplateName ?? '',
    locale: receiver.locale ?? '',
    notificationDefinitionIds: receiver.notificationDefinitionIds ?? [],
    targetedCustomerIds: receiver.targetedCustomerIds ?? [],
    headers: Object.entries(client.httpHeaders ?? {}).flatMap(([name, values]) =>
      values.map((value) => ({ name, value })),
    ),
    oauth: {
      clientId: oauth.clientId ?? '',
      clientSecret: '',
      tokenUrl: oauth.tokenUrl ?? '',
      scopes: oauth.scopes ?? [],
      secretStored: Boolean(oauth.clientSecret),
    },
    tls: {
      clientCertificates: tls.clientCertificates ?? '',
      privateKey: '',
      serverCACertificates: tls.serverCACertificates ?? '',
      tlsAuthMode: tls.tlsAuthMode ?? '',
      keyStored: Boolean(tls.privateKey),
    },
  };
}

const text = (value: string) => (value.trim() === '' ? undefined : value.trim());

function headersOf(rows: ReceiverFields['headers']): Record<string, string[]> | undefined {
  const headers: Record<string, string[]> = {};
  for (const row of rows) if (row.name.trim()) (headers[row.name.trim()] ??= []).push(row.value);
  return Object.keys(headers).length ? headers : undefined;
}

function httpClientOf(fields: ReceiverFields): HttpClient | undefined {
  const { oauth, tls } = fields;
  // A write-only secret left empty is left out: the stored one is kept.
  const oauthConfig: OAuth = {
    clientId: text(oauth.clientId),
    clientSecret: text(oauth.clientSecret),
    tokenUrl: text(oauth.tokenUrl),
    scopes: oauth.scopes.length ? oauth.scopes : undefined,
  };
  const tlsConfig: Tls = {
    clientCertificates: text(tls.clientCertificates),
    privateKey: text(tls.privateKey),
    serverCACertificates: text(tls.serverCACertificates),
    tlsAuthMode: text(tls.tlsAuthMode),
  };
  const used = (config: object) => Object.values(config).some((value) => value !== undefined);
  const withOauth =
    used(oauthConfig) || oauth.secretStored
      ? { clientCredentialOauth2Config: { ...oauthConfig, oauth2Type: 'CLIENT_CREDENTIALS' } }
      : {};
  const withTls = used(tlsConfig) || tls.keyStored ? { tlsConfiguration: tlsConfig } : {};
  const httpHeaders = headersOf(fields.headers);
  const config: HttpClient = { ...(httpHeaders ? { httpHeaders } : {}), ...withOauth, ...withTls };
  return Object.keys(config).length ? config : undefined;
}

/** The body to store. A channel not chosen is left out, so the receiver stops using it. */
export function receiverBody(fields: ReceiverFields, dbVersion?: number): ReceiverDraft {
  return {
    name: fields.name,
    status: fields.status,
    url: fields.byWebHook ? text(fields.url) : undefined,
    emails: fields.byEmail ? text(fields.emails) : undefined,
    useEmailTemplate: fields.byEmail ? fields.useEmailTemplate : undefined,
    emailTemplateName: fields.byEmail && fields.useEmailTemplate ? text(fields.emailTemplateName) : undefined,
    locale: text(fields.locale),
    notificationDefinitionIds: fields.notificationDefinitionIds,
    targetedCustomerIds: fields.targetedCustomerIds.length ? fields.targetedCustomerIds : undefined,
    httpClientConfiguration: fields.byWebHook ? httpClientOf(fields) : undefined,
    ...(dbVersion === undefined ? {} : { dbVersion }),
  };
}
