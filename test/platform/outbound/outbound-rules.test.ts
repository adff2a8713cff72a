import { describe, expect, it } from 'vitest';
import { refusalReason } from '../../../src/platform/outbound/address-rules.js';
import { checkedAddress } from '../../../src/platform/outbound/guarded-connector.js';
import { OutboundAllowlist, OutboundAllowlistError } from '../../../src/platform/outbound/outbound-allowlist.js';
import { OutboundRefusedError } from '../../../src/platform/outbound/outbound-errors.js';

describe('refusalReason (docs/product-decisions.md §6 address rules)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private (RFC 1918)'],
    ['172.16.5.4', 'private (RFC 1918)'],
    ['192.168.1.1', 'private (RFC 1918)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback address in IPv6 form'],
    ['::ffff:10.1.2.3', 'private (RFC 1918) address in IPv6 form'],
    ['::ffff:169.254.169.254', 'metadata service address in IPv6 form'],
    ['64:ff9b::7f00:1', 'loopback address in IPv6 form'],
    ['2002:a00:1::', 'private (RFC 1918) address in IPv6 form'],
    ['::127.0.0.1', 'loopback address in IPv6 form'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(refusalReason(address)).toContain(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'permits the public address %s',
    (address) => {
      expect(refusalReason(address)).toBeUndefined();
    },
  );
});

describe('OUTBOUND_ALLOWLIST entries', () => {
  const list = OutboundAllowlist.parse([
    '127.0.0.1:8080',
    '10.0.0.0/8',
    'LocalHost.',
    'hooks.internal:443',
    '[::1]:9000',
    'fd00::/8',
  ]);

  it('matches host names by name (any case, trailing dot) and port', () => {
    expect(list.allowsHost('localhost', 1234)).toBe(true);
    expect(list.allowsHost('hooks.internal', 443)).toBe(true);
    expect(list.allowsHost('hooks.internal', 80)).toBe(false);
    expect(list.allowsHost('evil.localhost', 80)).toBe(false);
  });

  it('matches addresses by address or CIDR and port, IPv4-mapped forms included', () => {
    expect(list.allowsAddress('127.0.0.1', 8080)).toBe(true);
    expect(list.allowsAddress('127.0.0.1', 8081)).toBe(false);
    expect(list.allowsAddress('::ffff:127.0.0.1', 8080)).toBe(true);
    expect(list.allowsAddress('10.200.3.4', 80)).toBe(true);
    expect(list.allowsAddress('11.0.0.1', 80)).toBe(false);
    expect(list.allowsAddress('::1', 9000)).toBe(true);
    expect(list.allowsAddress('fd12::1', 80)).toBe(true);
  });

  it.each(['10.0.0.0/33', 'exa mple', '127.0.0.1:99999', 'http://x', '1.2.3.4/x'])(
    'refuses the malformed entry %s',
    (entry) => {
      expect(() => OutboundAllowlist.parse([entry])).toThrow(OutboundAllowlistError);
    },
  );
});

describe('checkedAddress', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers the first permitted resolved address, which is the one connected to', async () => {
    expect(
      await checkedAddress('mixed.example', 80, OutboundAllowlist.empty, resolveTo('10.0.0.1', '93.184.216.34')),
    ).toBe('93.184.216.34');
  });

  it('refuses a name whose every address is refused, telling where it resolved in the detail only', async () => {
    const refusal = checkedAddress('rebind.example', 80, OutboundAllowlist.empty, resolveTo('169.254.169.254'));
    await expect(refusal).rejects.toBeInstanceOf(OutboundRefusedError);
    const error = (await refusal.catch((e: unknown) => e)) as OutboundRefusedError;
    expect(error.message).toBe('rebind.example is not an allowed destination');
    expect(error.detail).toBe('rebind.example resolves to 169.254.169.254, a cloud metadata service address');
  });

  it('checks IP literals without resolving them', async () => {
    const never = async () => {
      throw new Error('resolved');
    };
    await expect(checkedAddress('[::1]', 80, OutboundAllowlist.empty, never)).rejects.toThrow(
      '[::1] is a loopback address',
    );
    expect(await checkedAddress('127.0.0.1', 80, OutboundAllowlist.parse(['127.0.0.0/8']), never)).toBe('127.0.0.1');
  });
});
