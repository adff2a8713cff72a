import { setTimeout as delay } from 'node:timers/promises';
import { checkedAddress, type Resolver } from './guarded-connector.js';
import type { OutboundAllowlist } from './outbound-allowlist.js';
import { OutboundRefusedError } from './outbound-errors.js';

/** How long a write waits for the destination's host name to resolve before accepting it as it is. */
const LOOKUP_WAIT_MS = 2_000;

/**
 * Whether the outbound rules refuse `url` now (a loopback, private, link-local or metadata address, by literal or by
 * what its name resolves to, and not allow-listed): the refusal, or undefined when it may be reached or cannot be
 * told yet (the name does not resolve, or not quickly: it may later). Every call still checks again when it sends.
 */
export async function refusedDestination(
  url: URL,
  allowlist: OutboundAllowlist,
  resolve?: Resolver,
): Promise<OutboundRefusedError | undefined> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const check = checkedAddress(url.hostname, port, allowlist, resolve).then(
    () => undefined,
    (error: unknown) => (error instanceof OutboundRefusedError ? error : undefined),
  );
  return Promise.race([check, delay(LOOKUP_WAIT_MS, undefined, { ref: false })]);
}
