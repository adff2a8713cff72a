import ipaddr from 'ipaddr.js';
import { unbracketed } from './address-rules.js';

/**
 * OUTBOUND_ALLOWLIST: entries that may be reached although the address rules refuse them. An entry is
 * - a host name (`localhost`, `hooks.internal`): matches the URL's host name, whatever it resolves to;
 * - an IP address or CIDR (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`): matches the address connected to;
 * either optionally with `:port` (`127.0.0.1:9000`, `[::1]:9000`, `localhost:9000`) to allow that port only.
 */
interface Entry {
  host?: string;
  range?: [ipaddr.IPv4 | ipaddr.IPv6, number];
  port?: number;
  text: string;
}

export class OutboundAllowlistError extends Error {}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/;

function splitPort(entry: string): { base: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (bracketed) return { base: bracketed[1]!, port: bracketed[2] === undefined ? undefined : Number(bracketed[2]) };
  const withPort = /^([^:]+):(\d{1,5})$/.exec(entry);
  if (withPort) return { base: withPort[1]!, port: Number(withPort[2]) };
  return { base: entry };
}

function parseEntry(raw: string): Entry {
  const text = raw.trim();
  const { base, port } = splitPort(text.toLowerCase());
  if (port !== undefined && (port < 1 || port > 65535))
    throw new OutboundAllowlistError(`"${text}" has a port outside 1..65535`);
  if (base.includes('/')) {
    try {
      return { range: ipaddr.parseCIDR(base), port, text };
    } catch {
      throw new OutboundAllowlistError(`"${text}" is not a valid CIDR`);
    }
  }
  if (ipaddr.isValid(base)) {
    const address = ipaddr.parse(base);
    return { range: [address, address.kind() === 'ipv4' ? 32 : 128], port, text };
  }
  const host = base.replace(/\.$/, '');
  if (!HOST_NAME.test(host))
    throw new OutboundAllowlistError(`"${text}" is neither a host name, an IP address nor a CIDR`);
  return { host, port, text };
}

/** An address in the IPv4-mapped IPv6 form matches IPv4 entries too (and the other way round). */
function variants(address: string): (ipaddr.IPv4 | ipaddr.IPv6)[] {
  const parsed = ipaddr.parse(unbracketed(address));
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return [parsed, (parsed as ipaddr.IPv6).toIPv4Address()];
  if (parsed.kind() === 'ipv4') return [parsed, (parsed as ipaddr.IPv4).toIPv4MappedAddress()];
  return [parsed];
}

export class OutboundAllowlist {
  private constructor(private readonly entries: Entry[]) {}

  /** Parses the configured entries; a malformed one throws `OutboundAllowlistError` naming it. */
  static parse(entries: readonly string[]): OutboundAllowlist {
    return new OutboundAllowlist(entries.filter((e) => e.trim() !== '').map(parseEntry));
  }

  static readonly empty = new OutboundAllowlist([]);

  /** The URL's host name is listed (by name) for this port. */
  allowsHost(hostname: string, port: number): boolean {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    return this.entries.some((e) => e.host === host && (e.port === undefined || e.port === port));
  }

  /** The address being connected to lies in a listed address or CIDR for this port. */
  allowsAddress(address: string, port: number): boolean {
    if (!ipaddr.isValid(unbracketed(address))) return false;
    const candidates = variants(address);
    return this.entries.some(
      (e) =>
        e.range !== undefined &&
        (e.port === undefined || e.port === port) &&
        candidates.some((c) => c.kind() === e.range![0].kind() && c.match(e.range!)),
    );
  }
}
