import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (a receiver that hangs). */
  hang?: boolean;
  /** Answer after this long (a slow receiver). */
  delayMs?: number;
}

/** A real HTTP receiver on 127.0.0.1: answers from a queue (then `fallback`), records every request. */
export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  private readonly answers: Answer[] = [];
  private server!: Server;
  fallback: Answer = { status: 200, body: 'ok' };

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    receiver.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const answer = receiver.answers.shift() ?? receiver.fallback;
        if (answer.hang) return;
        const send = () => response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  answer(...answers: Answer[]): void {
    this.answers.push(...answers);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
