import type { FastifyReply } from 'fastify';
import type { Doc } from '../declare/record.js';

/**
 * `"3"`, `W/"3"` or a bare `3` -> 3; `*` -> no check; anything else (an unbalanced quote `"3` or `3"`, a list, a
 * non-number) can never match the stored version, so the update answers 412.
 */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:(?:W\/)?"(\d+)"|(\d+))\s*$/.exec(header);
  return match ? Number(match[1] ?? match[2]) : -1;
}

export function withVersion(reply: FastifyReply, record: { doc: Doc; dbVersion: number }): Doc {
  reply.header('etag', `"${record.dbVersion}"`);
  return record.doc;
}
