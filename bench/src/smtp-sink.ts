import { SMTPServer } from 'smtp-server';

/** An SMTP server on 127.0.0.1 that accepts every mail and notes when it accepted it and its text. */
export class SmtpSink {
  readonly accepted: Array<{ at: number; text: string }> = [];
  port = 0;
  /** Runs once a mail is received and noted, before the server's 250 reply: a window for a sender's crash. */
  beforeReply: ((text: string) => Promise<void> | void) | undefined;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        this.accepted.push({ at: performance.now(), text });
        const hold = this.beforeReply?.(text);
        if (hold) void hold.catch(() => undefined).then(() => callback());
        else callback();
      });
    },
  });

  start(): Promise<void> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        this.port = (this.server.server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
