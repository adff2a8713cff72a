import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (or refuses it with 550 while `refuse` is set). */
export class SmtpSink {
  mails: ReceivedMail[] = [];
  refuse = false;

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<SmtpSink> {
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          if (sink!.refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
          sink!.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    sink = new SmtpSink(server, `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
    return sink;
  }

  reset(): void {
    this.mails = [];
    this.refuse = false;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
