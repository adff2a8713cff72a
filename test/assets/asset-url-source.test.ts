import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { fetchUrl } from '../../src/apis/assets/asset-url-source.js';
import { OutboundAllowlist } from '../../src/platform/outbound/outbound-allowlist.js';
import { OutboundClient } from '../../src/platform/outbound/outbound-client.js';

const stagingDir = mkdtempSync(join(tmpdir(), 'url-source-'));
afterAll(() => rmSync(stagingDir, { recursive: true, force: true }));

/** A logger keeping what `info` was given. */
function capturingLog() {
  const lines: { fields: Record<string, unknown>; msg: string }[] = [];
  const log = {
    info: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('fetchUrl refusals', () => {
  it('answers that a host name is not allowed without its DNS answer, and logs the answer', async () => {
    const client = new OutboundClient({
      allowlist: OutboundAllowlist.empty,
      resolve: async () => [{ address: '10.20.30.40', family: 4 }],
    });
    const { log, lines } = capturingLog();
    try {
      const refusal = fetchUrl(
        client,
        'http://intranet.example/report.csv',
        { stagingDir, maxBytes: 1000, timeoutMs: 2000 },
        log,
      );
      await expect(refusal).rejects.toThrow(
        'body.url is refused by the outbound address rules: intranet.example is not an allowed destination',
      );
      const message = ((await refusal.catch((e: unknown) => e)) as Error).message;
      expect(message).not.toMatch(/10\.20\.30\.40|private|RFC 1918/);
      expect(lines.map((l) => l.fields.detail)).toContain(
        'intranet.example resolves to 10.20.30.40, a private (RFC 1918) address',
      );
    } finally {
      await client.close();
    }
  });
});
