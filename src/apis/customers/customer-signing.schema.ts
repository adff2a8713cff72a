import Type, { type Static } from 'typebox';
import { Id, Obj } from '../../platform/resource/declare.js';

/** Shapes of the sign and verify routes. */
export const SignedResponseSchema = Obj(
  {
    originalData: Type.Unknown({
      description: 'the JSON value (JSON types), the text (textual types) or the base64 of the bytes (other types)',
    }),
    signedData: Type.String({
      description: 'compact JWS (EdDSA, Ed25519): the body as payload, its content type in the `cty` header',
    }),
    signatureId: Type.Optional(
      Type.String({
        description:
          'ext: id of the kept signature (persist=true, or longer than max); verify accepts it in place of signedData',
      }),
    ),
  },
  { $id: 'SignedResponse', title: 'Signed response' },
);
/** A JWS is about 4/3 of the data it signs; the request body limit (1 MiB by default) stops a longer one first. */
const MAX_SIGNED_DATA_LENGTH = 16 * 1024 * 1024;
export const VerifyBodySchema = Obj(
  {
    signedData: Type.String({
      minLength: 1,
      maxLength: MAX_SIGNED_DATA_LENGTH,
      description: 'a compact JWS from sign, or the signatureId of a kept one',
    }),
  },
  {
    $id: 'VerifyRequest',
    examples: [
      {
        signedData:
          'eyJhbGciOiJFZERTQSIsImtpZCI6ImtleS0xIiwiY3R5IjoiYXBwbGljYXRpb24vanNvbiJ9.eyJvcmRlciI6NDJ9.c2lnbmF0dXJl',
      },
    ],
  },
);

export const SignQuerySchema = Type.Object(
  {
    max: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2_147_483_647,
        description: 'keep the signature when it is longer than this many characters',
      }),
    ),
    persist: Type.Optional(Type.Boolean({ description: 'keep the signature' })),
    customerId: Type.Optional(
      Id({
        description: "JWT variant: the customer to sign for; default the token's customer (required for the operator)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type SignedResponse = Static<typeof SignedResponseSchema>;
