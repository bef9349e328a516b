import { localCertificate, PushServiceStandIn, type LocalCertificate } from '@app/testing';
import { runSinkProcess, SinkProcess, type SinkListening } from './sink-process';

/** One push the sink took, as the bench keeps it: the body is decrypted after the run, off the clock. */
export interface PushArrival {
  path: string;
  /** The encrypted body, base64. */
  body: string;
  /** Whether its VAPID signature verified. */
  signed: boolean;
  urgency: string | undefined;
  /** Date.now() when it was taken. */
  receivedAt: number;
}

/** What the bench tells the sink's process, and what it answers. */
type PushSinkRequest = { kind: 'start'; cert: string; key: string };
type PushSinkAnswer = SinkListening | { kind: 'received'; push: PushArrival };

/**
 * The bench's push service: the tests' RFC 8030 stand-in on 127.0.0.1 (PushServiceStandIn), under a
 * certificate the mailer trusts (PUSH_CA_FILE), in a process of its own, as a push service is another
 * system: its TLS in the bench's event loop would delay when the bench notes the relay pulses and
 * mails of the same fires.
 */
export class PushSink {
  private certificate: LocalCertificate | undefined;
  private readonly process: SinkProcess<PushSinkRequest, PushSinkAnswer>;
  private port = 0;
  private readonly pushes: PushArrival[] = [];

  constructor(processArgs: readonly string[]) {
    this.process = new SinkProcess('push sink', processArgs);
  }

  get certFile(): string {
    if (!this.certificate) throw new Error('the push sink was never started');
    return this.certificate.certFile;
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get received(): readonly PushArrival[] {
    return this.pushes;
  }

  /** A device's endpoint on this push service. */
  endpoint(name: string): string {
    if (!this.port) throw new Error('the push sink was never started');
    return `https://127.0.0.1:${this.port}/push/${name}`;
  }

  async start(): Promise<void> {
    this.certificate = localCertificate();
    const { cert, key } = this.certificate;
    this.port = await this.process.start({ kind: 'start', cert, key }, (answer) => {
      if (answer.kind === 'received') this.pushes.push(answer.push);
    });
  }

  async stop(): Promise<void> {
    await this.process.stop();
    this.certificate?.remove();
  }
}

/** The sink's process: listens, and tells the bench each push it took. */
export function runPushSink(): void {
  let service: PushServiceStandIn | undefined;
  runSinkProcess<PushSinkRequest, PushSinkAnswer>(
    (request, answer) => {
      const started = new PushServiceStandIn(request, (push) =>
        answer({
          kind: 'received',
          push: {
            path: push.path,
            body: push.body.toString('base64'),
            signed: push.vapid !== null,
            urgency: push.headers.urgency as string | undefined,
            receivedAt: push.receivedAt,
          },
        }),
      );
      service = started;
      void started.start().then(() => answer({ kind: 'listening', port: started.port }));
    },
    () => service?.stop(),
  );
}
