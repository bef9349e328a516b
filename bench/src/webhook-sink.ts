import { spawn, type ChildProcess } from 'node:child_process';
import { localCertificate, WebhookReceiver, type LocalCertificate, type ReceivedWebhook } from '@app/testing';

/** What the bench tells the receiver's process over IPC. */
type WebhookSinkRequest =
  { kind: 'start'; cert: string; key: string } | { kind: 'trust'; path: string; secret: string };

/** What the receiver's process tells the bench. */
type WebhookSinkAnswer =
  | { kind: 'listening'; port: number }
  | { kind: 'trusted'; path: string }
  | { kind: 'received'; message: ReceivedWebhook };

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
  private child: ChildProcess | undefined;
  private receiver: WebhookReceiver | undefined;
  private readonly secrets = new Map<string, string>();
  private port = 0;
  private readonly messages: ReceivedWebhook[] = [];

  /**
   * `processArgs`: Node's arguments that start the receiver in a process of its own (the bench:
   * this program as `webhook-sink`); none, in this process (the chaos run, which times nothing).
   */
  constructor(private readonly processArgs?: readonly string[]) {}

  /** The PEM file of the receiver's certificate, for WEBHOOK_CA_FILE. */
  get certFile(): string {
    if (!this.certificate) throw new Error('the webhook sink was never started');
    return this.certificate.certFile;
  }

  /** The receiver's process, when it runs in one: its CPU is the bench's, and is reported as such. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Every request taken, verified or not, with its receive time (Date.now()). */
  get received(): readonly ReceivedWebhook[] {
    return this.messages;
  }

  async start(): Promise<void> {
    this.certificate = localCertificate();
    if (!this.processArgs) {
      this.receiver = new WebhookReceiver(
        this.certificate,
        (path) => this.secrets.get(path),
        (message) => this.messages.push(message),
      );
      await this.receiver.start();
      this.port = this.receiver.port;
      return;
    }
    const child = spawn(process.execPath, [...this.processArgs], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child = child;
    child.on('message', (answer: WebhookSinkAnswer) => {
      if (answer.kind === 'received') this.messages.push(answer.message);
    });
    this.port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the webhook sink's process exited (${code})`)));
      child.on('message', (answer: WebhookSinkAnswer) => {
        if (answer.kind === 'listening') resolve(answer.port);
      });
      this.send({ kind: 'start', cert: this.certificate!.cert, key: this.certificate!.key });
    });
  }

  /** The address a site's webhook is set to. */
  urlFor(hwaddr: string): string {
    if (!this.port) throw new Error('the webhook sink was never started');
    return `https://127.0.0.1:${this.port}/sites/${hwaddr}`;
  }

  /** Verifies the site's messages with `secret` once this resolves (the API's answer when its webhook was set). */
  trust(hwaddr: string, secret: string): Promise<void> {
    const path = `/sites/${hwaddr}`;
    if (!this.child) {
      this.secrets.set(path, secret);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const trusted = (answer: WebhookSinkAnswer) => {
        if (answer.kind !== 'trusted' || answer.path !== path) return;
        this.child?.off('message', trusted);
        resolve();
      };
      this.child?.on('message', trusted);
      this.send({ kind: 'trust', path, secret });
    });
  }

  async stop(): Promise<void> {
    await this.receiver?.stop();
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    this.certificate?.remove();
  }

  private send(request: WebhookSinkRequest): void {
    this.child?.send(request);
  }
}

/**
 * The receiver's process: takes its certificate, listens, and tells the bench each request it took.
 * A secret is answered once it is kept, so the site's first fire is verified. It ends
 * with its IPC channel (the bench stopped or died).
 */
export function runWebhookSink(): void {
  const secrets = new Map<string, string>();
  let receiver: WebhookReceiver | undefined;
  const answer = (message: WebhookSinkAnswer) => process.send?.(message);
  process.on('message', (request: WebhookSinkRequest) => {
    if (request.kind === 'trust') {
      secrets.set(request.path, request.secret);
      answer({ kind: 'trusted', path: request.path });
      return;
    }
    receiver = new WebhookReceiver(
      request,
      (path) => secrets.get(path),
      (message) => answer({ kind: 'received', message }),
    );
    void receiver.start().then(() => answer({ kind: 'listening', port: receiver!.port }));
  });
  process.once('disconnect', () => void receiver?.stop().finally(() => process.exit(0)));
  process.once('SIGTERM', () => void receiver?.stop().finally(() => process.exit(0)));
}
