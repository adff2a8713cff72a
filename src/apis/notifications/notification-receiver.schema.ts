import Type, { type Static } from 'typebox';
import {
  DateTime,
  EMAIL_MAX_LENGTH,
  EpochMs,
  Id,
  List,
  LongText,
  Obj,
  Ref,
  StringEnum,
  StringMap,
  sharedFields,
  Text,
  UrlText,
} from '../../platform/resource/declare.js';

export const RECEIVER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** At most this many addresses per receiver; the comma-separated form is bounded to fit them. */
export const MAX_EMAILS = 50;

const Pem = (description: string) => LongText({ maxLength: 100_000, description });

export const HttpClientConfigurationSchema = Obj(
  {
    clientCredentialOauth2Config: Type.Optional(
      Obj({
        clientId: Type.Optional(Text()),
        clientSecret: Type.Optional(Text({ description: 'write-only: answers show it masked' })),
        oauth2Type: Type.Optional(Text({ description: 'CLIENT_CREDENTIALS (the only grant used)' })),
        scopes: Type.Optional(List(Text(), { maxItems: 50 })),
        tokenUrl: Type.Optional(
          UrlText({ description: 'ext: the token endpoint (RFC 6749 client credentials grant)' }),
        ),
      }),
    ),
    httpHeaders: Type.Optional(
      StringMap(List(Text(), { maxItems: 20 }), {
        maxProperties: 50,
        description: 'fixed headers sent with every web hook',
      }),
    ),
    tlsConfiguration: Type.Optional(
      Obj({
        clientCertificates: Type.Optional(Pem('PEM client certificate chain presented to the receiver')),
        clientCertificatesExpirationDate: Type.Optional(EpochMs('epoch ms')),
        lastCertificatesExpirationNotificationTimestamp: Type.Optional(EpochMs('epoch ms')),
        privateKey: Type.Optional(Pem('PEM private key of the client certificate; write-only: answers show it masked')),
        serverCACertificates: Type.Optional(Pem("PEM CA certificates the receiver's server certificate must chain to")),
        serverCACertificatesExpirationDate: Type.Optional(EpochMs('epoch ms')),
        tlsAuthMode: Type.Optional(Text({ description: 'MUTUAL or SERVER (informative)' })),
      }),
    ),
  },
  { $id: 'NotificationHttpClientConfiguration', title: 'HTTP client configuration of a receiver' },
);

export const NotificationReceiverSchema = Obj(
  {
    ...sharedFields,
    name: Text({ minLength: 1 }),
    status: StringEnum(RECEIVER_STATUSES),
    url: Type.Optional(UrlText({ description: 'http(s) address receiving the web hooks' })),
    emails: Type.Optional(
      Type.Union(
        [
          Text({ maxLength: MAX_EMAILS * (EMAIL_MAX_LENGTH + 2) }),
          List(Text({ maxLength: EMAIL_MAX_LENGTH }), { maxItems: MAX_EMAILS }),
        ],
        {
          description: 'a comma-separated string (or a list) in requests; always a list in answers',
        },
      ),
    ),
    emailTemplateName: Type.Optional(Text({ minLength: 10, maxLength: 120 })),
    useEmailTemplate: Type.Optional(Type.Boolean()),
    locale: Type.Optional(Text({ maxLength: 64 })),
    notificationDefinitionIds: Type.Optional(
      List(Id(), { maxItems: 200, description: 'definitions the receiver listens to' }),
    ),
    targetedCustomerIds: Type.Optional(
      List(Id(), { maxItems: 200, description: 'when set, only events of these customers' }),
    ),
    httpClientConfiguration: Type.Optional(Ref(HttpClientConfigurationSchema)),
    signingSecret: Type.Optional(
      Text({
        readOnly: true,
        description:
          'ext: `whsec_...` Standard Webhooks secret, generated at creation (and by `POST .../signing-secret`) and shown in clear only in that answer; masked afterwards',
      }),
    ),
    previousSigningSecret: Type.Optional(
      Text({
        readOnly: true,
        description:
          'ext: the secret before the last rotation, masked; it signs beside the new one until previousSigningSecretExpiresAt',
      }),
    ),
    previousSigningSecretExpiresAt: Type.Optional(
      DateTime({ readOnly: true, description: 'ext: when the previous secret stops signing' }),
    ),
  },
  {
    $id: 'NotificationReceiver',
    title: 'Notification receiver',
    examples: [
      {
        name: 'Order desk hook',
        status: 'ACTIVE',
        url: 'https://hooks.example.com/platform',
        emails: 'ops@example.com,desk@example.com',
        notificationDefinitionIds: [],
        httpClientConfiguration: { httpHeaders: { 'x-team': ['orders'] } },
      },
    ],
  },
);
export type NotificationReceiver = Static<typeof NotificationReceiverSchema>;
export type HttpClientConfiguration = Static<typeof HttpClientConfigurationSchema>;
