import Type, { type Static } from 'typebox';
import { DateTime, EMAIL_MAX_LENGTH, List, Obj, StringMap, Text, UrlText } from '../../platform/resource/declare.js';

/** How much of a receiver's answer body an attempt keeps: the first 4 KB (UTF-8 bytes, cut between characters). */
export const ATTEMPT_BODY_BYTES = 4096;
/** Longest header value an attempt keeps, and how many headers. */
export const ATTEMPT_HEADER_VALUE_LENGTH = 1000;
export const ATTEMPT_HEADERS = 100;
/** Attempts kept per record: the latest ones. */
export const ATTEMPTS_KEPT = 100;

/**
 * One delivery try of a notification record (DECISIONS §6), as `GET /notifications/{id}/attempts` lists it. Written
 * with the try it records; never holds a secret or a signature (webhook-answer.ts keeps what the receiver answered).
 */
export const NotificationAttemptSchema = Obj(
  {
    try: Type.Integer({ minimum: 1, description: 'the try number: 1 for the first try of the record' }),
    at: DateTime({ description: 'when the try started' }),
    durationMs: Type.Integer({ minimum: 0, description: 'how long the try took, token call and e-mail included' }),
    url: Type.Optional(UrlText({ description: 'the web hook url posted to (without user and password)' })),
    emails: Type.Optional(List(Text({ maxLength: EMAIL_MAX_LENGTH }), { description: 'the addresses mailed' })),
    statusCode: Type.Optional(Type.Integer({ description: "the receiver's HTTP status" })),
    responseHeaders: Type.Optional(
      StringMap(Text({ maxLength: ATTEMPT_HEADER_VALUE_LENGTH }), {
        maxProperties: ATTEMPT_HEADERS,
        description:
          "the receiver's answer headers, lower-case, values joined by `, ` (Set-Cookie and credentials left out)",
      }),
    ),
    responseBody: Type.Optional(
      Type.String({
        maxLength: ATTEMPT_BODY_BYTES,
        description: "the first 4 KB of the receiver's answer body; values the platform sent in confidence are masked",
      }),
    ),
    error: Type.Optional(Text({ maxLength: 4000, description: 'why the try failed; absent when it succeeded' })),
  },
  {
    $id: 'NotificationAttempt',
    title: 'Notification attempt (one delivery try)',
    examples: [
      {
        try: 1,
        at: '2026-01-01T10:00:00.000Z',
        durationMs: 84,
        url: 'https://hooks.example.com/orders',
        statusCode: 503,
        responseHeaders: { 'content-type': 'text/plain', 'retry-after': '30' },
        responseBody: 'busy, try later',
        error: 'the receiver answered 503',
      },
    ],
  },
);
export type NotificationAttempt = Static<typeof NotificationAttemptSchema>;

/** What a try learned before it is numbered and timed (delivery-worker.ts). */
export type AttemptFacts = Pick<
  NotificationAttempt,
  'url' | 'emails' | 'statusCode' | 'responseHeaders' | 'responseBody'
>;
