import { localCertificate, WebhookReceiver, type LocalCertificate, type ReceivedWebhook } from '@app/testing';
import { runSinkProcess, SinkProcess, type SinkListening } from './sink-process';

/** What the bench tells the receiver's process over IPC. */
type WebhookSinkRequest =
  { kind: 'start'; cert: string; key: string } | { kind: 'trust'; path: string; secret: string };

/** What the receiver's process tells the bench. */
type WebhookSinkAnswer =
  SinkListening | { kind: 'trusted'; path: string } | { kind: 'received'; message: ReceivedWebhook };

/**
 * The bench's webhook receiver: the tests' real HTTPS receiver on 127.0.0.1, under a certificate of
 * its own that the apps trust (WEBHOOK_CA_FILE), verifying each site's messages with the secret its
 * webhook was set with. Each site gets a path of its own, so that the secret is known by the path.
 *
 * In the bench it runs in a process of its own, as a receiver is another system: its TLS and
 * signature checks in the bench's event loop (which also runs the background panels, the relay
 * board and the SMTP sink) would delay when the bench notes the relay pulses and mails of the same
 * fires, and the figures would show the bench rather than the product.
 */
export class WebhookSink {
  private certificate: LocalCertificate | undefined;
  private readonly process: SinkProcess<WebhookSinkRequest, WebhookSinkAnswer> | undefined;
  private receiver: WebhookReceiver | undefined;
  private readonly secrets = new Map<string, string>();
  private port = 0;
  private readonly messages: ReceivedWebhook[] = [];

  /**
   * `processArgs`: Node's arguments that start the receiver in a process of its own (the bench:
   * this program as `webhook-sink`); none, in this process (the chaos run, which times nothing).
   */
  constructor(processArgs?: readonly string[]) {
    this.process = processArgs ? new SinkProcess('webhook sink', processArgs) : undefined;
  }

  /** The PEM file of the receiver's certificate, for WEBHOOK_CA_FILE. */
  get certFile(): string {
    if (!this.certificate) throw new Error('the webhook sink was never started');
    return this.certificate.certFile;
  }

  /** The receiver's process, when it runs in one: its CPU is the bench's, and is reported as such. */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** Every request taken, verified or not, with its receive time (Date.now()). */
  get received(): readonly ReceivedWebhook[] {
    return this.messages;
  }

  async start(): Promise<void> {
    this.certificate = localCertificate();
    if (!this.process) {
      this.receiver = new WebhookReceiver(
        this.certificate,
        (path) => this.secrets.get(path),
        (message) => this.messages.push(message),
      );
      await this.receiver.start();
      this.port = this.receiver.port;
      return;
    }
    const { cert, key } = this.certificate;
    this.port = await this.process.start({ kind: 'start', cert, key }, (answer) => {
      if (answer.kind === 'received') this.messages.push(answer.message);
    });
  }

  /** The address a site's webhook is set to. */
  urlFor(hwaddr: string): string {
    if (!this.port) throw new Error('the webhook sink was never started');
    return `https://127.0.0.1:${this.port}/sites/${hwaddr}`;
  }

  /** Verifies the site's messages with `secret` once this resolves (the API's answer when its webhook was set). */
  async trust(hwaddr: string, secret: string): Promise<void> {
    const path = `/sites/${hwaddr}`;
    if (!this.process) {
      this.secrets.set(path, secret);
      return;
    }
    const trusted = this.process.answer((answer) => answer.kind === 'trusted' && answer.path === path);
    this.process.send({ kind: 'trust', path, secret });
    await trusted;
  }

  async stop(): Promise<void> {
    await this.receiver?.stop();
    await this.process?.stop();
    this.certificate?.remove();
  }
}

/**
 * The receiver's process: takes its certificate, listens, and tells the bench each request it took.
 * A secret is answered once it is kept, so the site's first fire is verified.
 */
export function runWebhookSink(): void {
  const secrets = new Map<string, string>();
  let receiver: WebhookReceiver | undefined;
  runSinkProcess<WebhookSinkRequest, WebhookSinkAnswer>(
    (request, answer) => {
      if (request.kind === 'trust') {
        secrets.set(request.path, request.secret);
        answer({ kind: 'trusted', path: request.path });
        return;
      }
      const started = new WebhookReceiver(
        request,
        (path) => secrets.get(path),
        (message) => answer({ kind: 'received', message }),
      );
      receiver = started;
      void started.start().then(() => answer({ kind: 'listening', port: started.port }));
    },
    () => receiver?.stop(),
  );
}
