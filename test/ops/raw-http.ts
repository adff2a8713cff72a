import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response once all of it (per Content-Length) has arrived; `undefined` until then. */
function parseResponse(data: string): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...headerLines] = data.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const body = data.slice(end + 4);
  if (Buffer.byteLength(body) < Number(headers['content-length'] ?? 0)) return undefined;
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}

/**
 * A client connection written by hand, so a test controls exactly when each byte leaves: a request can be left
 * half sent (still in flight at the server) for as long as the test needs.
 */
export class RawConnection {
  private data = '';
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => (this.data += chunk.toString('utf8')));
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string) {
    this.socket.write(text);
  }

  /** The complete response to the request written; rejects if the connection closes before it is whole. */
  response(): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const parsed = parseResponse(this.data);
        if (!parsed) return;
        this.socket.off('data', check);
        resolve(parsed);
      };
      this.socket.on('data', check);
      void this.closed.then(() =>
        parseResponse(this.data)
          ? check()
          : reject(new Error(`connection closed mid-response: ${JSON.stringify(this.data)}`)),
      );
      check();
    });
  }
}

/** Request head for `RawConnection.write`: HTTP/1.1, keep-alive unless the headers say otherwise. */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}
