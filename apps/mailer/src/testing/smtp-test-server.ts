import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { readMail, type ReadMail } from './mime-message.util';

export interface ReceivedMail extends ReadMail {
  /** Envelope recipients as the client gave them. */
  recipients: string[];
  raw: string;
}

/** An answer the server gives to a recipient instead of accepting it. */
export type RecipientAnswer = { code: number; message: string } | undefined;

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for tests: keeps every mail it
 * accepts, decoded, and can be stopped and started again on the same port (the SMTP server "down
 * for a while"), or told to refuse some recipients.
 */
export class SmtpTestServer {
  readonly mails: ReceivedMail[] = [];
  /** Decides the answer to each recipient; accept all by default. */
  answerRecipient: (address: string) => RecipientAnswer = () => undefined;
  private server?: SMTPServer;
  private portNumber = 0;

  get port(): number {
    return this.portNumber;
  }

  /** Starts listening: on a free port the first time, on the same port afterwards. */
  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const answer = this.answerRecipient(address.address);
        if (!answer) return callback();
        const error = new Error(answer.message) as Error & { responseCode: number };
        error.responseCode = answer.code;
        return callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.mails.push({ ...readMail(raw), recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    server.on('error', () => undefined);
    server.listen(this.portNumber, '127.0.0.1');
    await once(server.server, 'listening');
    this.portNumber = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: clients get a refused connection until `start` again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.recipients.includes(address));
  }
}
