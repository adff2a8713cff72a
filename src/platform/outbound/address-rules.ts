import ipaddr from 'ipaddr.js';

/**
 * The outbound address rules of docs/product-decisions.md §6: which IP addresses a web hook or a URL upload may never reach (unless
 * allow-listed). Answers why an address is refused, or `undefined` when it may be reached.
 */
const IPV4_REFUSED: Record<string, string> = {
  unspecified: 'an unspecified ("this network") address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  private: 'a private (RFC 1918) address',
  reserved: 'a reserved or documentation address',
};

const IPV6_REFUSED: Record<string, string> = {
  unspecified: 'the unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique local (private) address',
  deprecatedSiteLocal: 'a site-local (private) address',
  discard: 'a discard-only address',
  benchmarking: 'a benchmarking address',
  reserved: 'a reserved or documentation address',
  teredo: 'a Teredo tunnel address',
};

/** Cloud instance metadata services: named as such, whatever range they sit in. */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);

/** The IPv4 address carried inside an IPv6 one (mapped, translated, NAT64, 6to4, IPv4-compatible), if any. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return v4(parts[6]!, parts[7]!);
    case '6to4':
      return v4(parts[1]!, parts[2]!);
    default:
      // IPv4-compatible (::a.b.c.d, deprecated), other than :: and ::1.
      return parts.slice(0, 6).every((p) => p === 0) && (parts[6]! !== 0 || parts[7]! > 1)
        ? v4(parts[6]!, parts[7]!)
        : undefined;
  }
}

/** `[::1]` (an IPv6 literal as URLs write it) -> `::1`; anything else unchanged. */
export function unbracketed(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}

/** Why `address` (an IP literal, brackets allowed) may not be reached, or `undefined` when it may. */
export function refusalReason(address: string): string | undefined {
  const text = unbracketed(address);
  if (!ipaddr.isValid(text)) return 'not an IP address';
  const parsed = ipaddr.parse(text);
  const canonical = parsed.toString();
  if (METADATA.has(canonical)) return 'a cloud metadata service address';
  if (parsed.kind() === 'ipv4') return IPV4_REFUSED[parsed.range()];
  const v6 = parsed as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner) {
    const reason = refusalReason(inner.toString());
    return reason ? `${reason} in IPv6 form` : undefined;
  }
  return IPV6_REFUSED[v6.range()];
}
