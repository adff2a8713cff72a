import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  /** Over TLS: the subject CN of the client certificate presented, if any. */
  clientCertificate?: string;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (a receiver that hangs). */
  hang?: boolean;
  /** Answer after this long (a slow receiver). */
  delayMs?: number;
  /** Answer once the test says so (`releaseHeld`): a receiver slower than anything the test waits for. */
  held?: boolean;
  /** Echo the request as an echo service would: its headers and body as the answer body, each header back as `x-echo-<name>`. */
  echo?: boolean;
}

/** A real HTTP receiver on 127.0.0.1: answers from a queue (then `fallback`), records every request. */
export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  private readonly answers: Answer[] = [];
  private server!: Server;
  private readonly held: (() => void)[] = [];
  fallback: Answer = { status: 200, body: 'ok' };

  private tls = false;

  /** Plain HTTP, or HTTPS with `tls` (server certificate, and the CA and `requestCert` to ask for a client certificate). */
  static async start(tls?: ServerOptions): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    receiver.tls = Boolean(tls);
    const handle = (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const peer = tls ? (request.socket as TLSSocket).getPeerCertificate() : undefined;
        const clientCertificate = peer && 'subject' in peer && peer.subject ? String(peer.subject.CN) : undefined;
        receiver.received.push({
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ...(clientCertificate ? { clientCertificate } : {}),
        });
        const answer = receiver.answers.shift() ?? receiver.fallback;
        if (answer.hang) return;
        const received = receiver.received.at(-1)!;
        const echoed = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [`x-echo-${name}`, String(value)]),
        );
        const send = answer.echo
          ? () =>
              response
                .writeHead(answer.status, { ...echoed, ...answer.headers })
                .end(JSON.stringify({ headers: received.headers, body: received.body }))
          : () => response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
        if (answer.held) receiver.held.push(send);
        else if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    };
    receiver.server = tls ? createTlsServer(tls, handle) : createServer(handle);
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `${this.tls ? 'https' : 'http'}://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Requests waiting for their answer (`held`). */
  get holding(): number {
    return this.held.length;
  }

  /** Answers every held request. */
  releaseHeld(): void {
    for (const send of this.held.splice(0)) send();
  }

  answer(...answers: Answer[]): void {
    this.answers.push(...answers);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
