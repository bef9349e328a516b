import { localCertificate, WebhookReceiver, type LocalCertificate, type ReceivedWebhook } from '@app/testing';

/**
 * The bench's webhook receiver: the tests' real HTTPS receiver on 127.0.0.1, under a certificate of
 * its own that the apps trust (WEBHOOK_CA_FILE), verifying each site's messages with the secret its
 * webhook was set with. Each site gets a path of its own, so that the secret is known by the path.
 */
export class WebhookSink {
  private certificate: LocalCertificate | undefined;
  private receiver: WebhookReceiver | undefined;
  private readonly secrets = new Map<string, string>();

  /** The PEM file of the receiver's certificate, for WEBHOOK_CA_FILE. */
  get certFile(): string {
    if (!this.certificate) throw new Error('the webhook sink was never started');
    return this.certificate.certFile;
  }

  /** Every request taken, verified or not, with its receive time (Date.now()). */
  get received(): readonly ReceivedWebhook[] {
    return this.receiver?.received ?? [];
  }

  async start(): Promise<void> {
    this.certificate = localCertificate();
    this.receiver = new WebhookReceiver(this.certificate, (path) => this.secrets.get(path));
    await this.receiver.start();
  }

  /** The address a site's webhook is set to. */
  urlFor(hwaddr: string): string {
    if (!this.receiver) throw new Error('the webhook sink was never started');
    return `${this.receiver.url}/sites/${hwaddr}`;
  }

  /** Verifies the site's messages with `secret` from now on (the API's answer when its webhook was set). */
  trust(hwaddr: string, secret: string): void {
    this.secrets.set(`/sites/${hwaddr}`, secret);
  }

  async stop(): Promise<void> {
    await this.receiver?.stop();
    this.certificate?.remove();
  }
}
