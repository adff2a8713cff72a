import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import { refusalReason, unbracketed } from './address-rules.js';
import type { OutboundAllowlist } from './outbound-allowlist.js';
import { OutboundError, OutboundRefusedError } from './outbound-errors.js';

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The address to connect to for `hostname`: the literal itself, or the first resolved address the rules permit.
 * An allow-listed host name may reach any address; an allow-listed address or CIDR permits that address.
 */
export async function checkedAddress(
  hostname: string,
  port: number,
  allowlist: OutboundAllowlist,
  resolve: Resolver = systemResolver,
): Promise<string> {
  const host = unbracketed(hostname);
  const addresses = isIP(host) ? [host] : (await resolve(host)).map((r) => r.address);
  if (addresses.length === 0) throw new OutboundError('unreachable', `could not reach ${hostname}: it has no address`);
  if (allowlist.allowsHost(host, port)) return addresses[0]!;
  let firstRefusal: OutboundRefusedError | undefined;
  for (const address of addresses) {
    const reason = refusalReason(address);
    if (!reason || allowlist.allowsAddress(address, port)) return address;
    firstRefusal ??= new OutboundRefusedError(hostname, address, reason);
  }
  throw firstRefusal!;
}

/** TLS material of a connection (PEM): a client certificate and its key, and the CAs the server's certificate must chain to. */
export interface OutboundTls {
  cert?: string;
  key?: string;
  ca?: string;
}

export interface GuardedConnectorOptions {
  allowlist: OutboundAllowlist;
  resolve?: Resolver;
  connectTimeoutMs?: number;
  tls?: OutboundTls;
}

/**
 * An undici connector that resolves the host itself, checks every candidate address against the rules, and opens
 * the socket to the checked address only: there is no second lookup an attacker's DNS could answer differently
 * (no DNS-rebinding gap). TLS still verifies the certificate against the host name (SNI from `host`).
 */
export function guardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const connect = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000, ...options.tls });
  return (connectOptions, callback) => {
    const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
    checkedAddress(connectOptions.hostname, port, options.allowlist, options.resolve).then(
      (address) => connect({ ...connectOptions, hostname: address }, callback),
      (error: Error) => callback(error, null),
    );
  };
}
