import { type Agent, request } from 'undici';
import type { Json } from '../support/json.js';
import { sleep } from '../support/wait.js';

/** One write's answer; times from performance.now(). */
export interface WriteOutcome {
  status: number | 'no answer';
  /** The created record's id, when the answer was 201. */
  id?: string;
  sentAt: number;
  answeredAt: number;
  body?: unknown;
}

/**
 * Writers creating products through a real port in a loop until stopped, as an operator client; every answer is kept,
 * so that a test can check each acknowledged write afterwards.
 */
export class WriteLoad {
  readonly outcomes: WriteOutcome[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private token = '';

  constructor(
    private readonly origin: string,
    private readonly agent: Agent,
    private readonly secret: string,
    private readonly writers: number,
    private readonly body: () => Json,
  ) {}

  async start(): Promise<void> {
    const answer = await this.send('POST', '/iam/tokens', {
      realmName: 'operator',
      grantType: 'client_credentials',
      clientSecret: this.secret,
    });
    if (answer.status !== 200) throw new Error(`token: ${answer.status} ${JSON.stringify(answer.body)}`);
    this.token = answer.body.access_token as string;
    this.running = true;
    this.loops = Array.from({ length: this.writers }, () => this.loop());
  }

  async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const response = await request(`${this.origin}${path}`, {
      method,
      dispatcher: this.agent,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    const json = text && String(response.headers['content-type']).includes('json');
    return { status: response.statusCode, body: json ? (JSON.parse(text) as Json) : { text } };
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const sentAt = performance.now();
      try {
        const { status, body } = await this.send('POST', '/products', this.body());
        this.outcomes.push({
          status,
          sentAt,
          answeredAt: performance.now(),
          ...(status === 201 ? { id: body.id } : { body }),
        });
        // A refused write is retried after a pause, as a client would, rather than in a tight loop.
        if (status !== 201) await sleep(50);
      } catch (error) {
        this.outcomes.push({ status: 'no answer', sentAt, answeredAt: performance.now(), body: String(error) });
      }
    }
  }

  /** Writes answered 201, sent after `after`. */
  acknowledged(after = 0): WriteOutcome[] {
    return this.outcomes.filter((o) => o.status === 201 && o.sentAt >= after);
  }

  /** Answers that are neither 201 nor 503, for a failure's message. */
  unexpected(): WriteOutcome[] {
    return this.outcomes.filter((o) => o.status !== 201 && o.status !== 503);
  }

  /** Of these products, those `GET /products/{id}` does not answer 200 (read by a few readers at once). */
  async unreadable(ids: string[]): Promise<string[]> {
    const missing: string[] = [];
    const queue = [...ids];
    const reader = async () => {
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        const answer = await this.send('GET', `/products/${id}`);
        if (answer.status !== 200) missing.push(`${id}: ${answer.status}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, reader));
    return missing;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}
