import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { LocalCertificate } from './local-certificate';

/** One request the receiver took: verified with the specification's own check, or not. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  /** The parsed body, when its signature verified; null otherwise. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  verified: boolean;
  /** Why verification failed. */
  error: string | null;
  /** The status it was answered. */
  status: number;
  receivedAt: number;
}

/** What the receiver answers a request: a status, or nothing at all (the sender's timeout). */
export type ReceiverAnswer = number | 'hang';

/**
 * A real HTTPS webhook receiver on 127.0.0.1 that verifies every request with the Standard Webhooks
 * library's own `verify` under the site's secret, records it, and answers as told (200 unless
 * `answer` says otherwise for a message id).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** By webhook-id: answers to give, in order, before answering 200. */
  private readonly scripted = new Map<string, ReceiverAnswer[]>();
  private defaultAnswers: ReceiverAnswer[] = [];
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();
  port = 0;

  constructor(
    private readonly certificate: Pick<LocalCertificate, 'cert' | 'key'>,
    /** The secret each message must be signed with; a function for a receiver of several sites. */
    private readonly secretOf: (path: string) => string | undefined,
    /** Told of each request once it is recorded (a receiver in a process of its own reports it). */
    private readonly onReceived: (message: ReceivedWebhook) => void = () => undefined,
  ) {}

  get url(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  /** Answers `answers` (in turn) to the message `id`, then 200. */
  script(id: string, ...answers: ReceiverAnswer[]): void {
    this.scripted.set(id, [...answers]);
  }

  /** Answers `answers` (in turn) to every next request without a script of its own, then 200. */
  scriptNext(...answers: ReceiverAnswer[]): void {
    this.defaultAnswers = [...answers];
  }

  /** The verified messages of one type, or of one path's site. */
  verified(filter: (message: ReceivedWebhook) => boolean = () => true): ReceivedWebhook[] {
    return this.received.filter((message) => message.verified && filter(message));
  }

  async start(): Promise<void> {
    this.server = createServer({ cert: this.certificate.cert, key: this.certificate.key }, (request, response) => {
      void this.take(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async take(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const header = (name: string) => String(request.headers[name] ?? '');
    const id = header('webhook-id');
    const secret = this.secretOf(request.url ?? '/');
    let payload: ReceivedWebhook['payload'] = null;
    let error: string | null = null;
    try {
      if (!secret) throw new Error(`no secret for ${request.url}`);
      payload = new Webhook(secret).verify(body, {
        'webhook-id': id,
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      }) as ReceivedWebhook['payload'];
    } catch (failure) {
      error = (failure as Error).message;
    }
    const answers = this.scripted.get(id) ?? this.defaultAnswers;
    const answer = answers.shift() ?? 200;
    const message: ReceivedWebhook = {
      id,
      timestamp: header('webhook-timestamp'),
      payload,
      verified: error === null,
      error,
      status: answer === 'hang' ? 0 : error === null ? answer : 401,
      receivedAt: Date.now(),
    };
    this.received.push(message);
    this.onReceived(message);
    if (answer === 'hang') {
      this.hanging.add(response);
      return;
    }
    response.writeHead(error === null ? answer : 401, answer >= 300 && answer < 400 ? { location: '/moved' } : {});
    response.end();
  }
}
