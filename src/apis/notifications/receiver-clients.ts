import { createHash } from 'node:crypto';
import type { OutboundTls } from '../../platform/outbound/guarded-connector.js';
import type { OutboundAllowlist } from '../../platform/outbound/outbound-allowlist.js';
import { OutboundClient } from '../../platform/outbound/outbound-client.js';
import type { HttpClientConfiguration } from './notification-receiver.schema.js';

/** Distinct TLS configurations kept open at once; past it the oldest client is closed (a receiver using it gets a new one). */
const MAX_CLIENTS = 200;

/** The TLS material a receiver's configuration asks for, or undefined for the plain client. */
export function tlsOf(configuration: HttpClientConfiguration | undefined): OutboundTls | undefined {
  const tls = configuration?.tlsConfiguration;
  if (!tls) return undefined;
  const material: OutboundTls = {
    ...(tls.clientCertificates ? { cert: tls.clientCertificates } : {}),
    ...(tls.privateKey ? { key: tls.privateKey } : {}),
    ...(tls.serverCACertificates ? { ca: tls.serverCACertificates } : {}),
  };
  return Object.keys(material).length ? material : undefined;
}

/**
 * One outbound client (an undici Agent, under the outbound address rules) per TLS configuration: receivers with the
 * same certificates share one, and connections are reused across tries.
 */
export class ReceiverClients {
  private readonly plain: OutboundClient;
  private readonly byTls = new Map<string, OutboundClient>();

  constructor(private readonly allowlist: OutboundAllowlist) {
    this.plain = new OutboundClient({ allowlist });
  }

  client(tls: OutboundTls | undefined): OutboundClient {
    if (!tls) return this.plain;
    const key = createHash('sha256')
      .update(JSON.stringify([tls.cert ?? '', tls.key ?? '', tls.ca ?? '']))
      .digest('hex');
    let client = this.byTls.get(key);
    if (!client) {
      if (this.byTls.size >= MAX_CLIENTS) {
        const [oldest, evicted] = this.byTls.entries().next().value as [string, OutboundClient];
        this.byTls.delete(oldest);
        void evicted.close();
      }
      client = new OutboundClient({ allowlist: this.allowlist, tls });
      this.byTls.set(key, client);
    }
    return client;
  }

  async close(): Promise<void> {
    await Promise.all([this.plain.close(), ...[...this.byTls.values()].map((client) => client.close())]);
    this.byTls.clear();
  }
}
