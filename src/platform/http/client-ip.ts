import type { BlockList } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's address. `X-Real-Ip` is believed only when the direct peer is a configured trusted proxy;
 * anyone else could write any address there.
 */
export function clientIp(request: FastifyRequest, trustedProxies: BlockList): string {
  const peer = request.socket.remoteAddress ?? request.ip;
  const realIp = request.headers['x-real-ip'];
  if (typeof realIp === 'string' && realIp.trim() && isTrusted(peer, trustedProxies)) return realIp.trim();
  return peer;
}

function isTrusted(address: string, trustedProxies: BlockList): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return trustedProxies.check(plain, plain.includes(':') ? 'ipv6' : 'ipv4');
}
