import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { LocalCertificate } from './local-certificate';

/**
 * A browser's side of Web Push for tests: a P-256 key pair and an auth secret (what a browser's
 * PushSubscription carries), and the decryption of what a push service delivers to it (RFC 8291,
 * aes128gcm content coding of RFC 8188), written from the RFCs with node:crypto alone, so that a
 * test checks the sender's encryption against the specification rather than against itself.
 */
export class TestPushSubscriber {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);

  constructor() {
    this.ecdh.generateKeys();
  }

  /** The subscription as PushSubscription.toJSON() gives it, for a push service endpoint. */
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } } {
    return {
      endpoint,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** The plaintext of one aes128gcm-encoded push body (RFC 8188 §2, one record), keyed per RFC 8291 §3.4. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const keyIdLength = body[20];
    const senderPublicKey = body.subarray(21, 21 + keyIdLength);
    const record = body.subarray(21 + keyIdLength);
    if (record.length > recordSize) throw new Error(`a single record of at most ${recordSize} bytes was expected`);
    const sharedSecret = this.ecdh.computeSecret(senderPublicKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'utf8'), this.ecdh.getPublicKey(), senderPublicKey]);
    const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** One push a stand-in took. */
export interface ReceivedPush {
  /** The endpoint's path. */
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The VAPID claims, when the Authorization header's JWT verified with its own key `k`; null otherwise. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string } | null;
  status: number;
  receivedAt: number;
}

/**
 * A push service on 127.0.0.1 as RFC 8030 §5 describes one to an application server: it takes a
 * POST on a subscription's endpoint, checks the VAPID authorization (RFC 8292: an ES256 JWT whose
 * key is given as `k`), records it, and answers 201 Created with a Location, or what a test scripts
 * for an endpoint (404 and 410: the subscription is gone).
 */
export class PushServiceStandIn {
  readonly received: ReceivedPush[] = [];
  private readonly scripted = new Map<string, number>();
  private server: Server | undefined;
  port = 0;
  private pushes = 0;

  constructor(
    private readonly certificate: Pick<LocalCertificate, 'cert' | 'key'>,
    /** Told of each push once it is recorded (a stand-in in a process of its own reports it). */
    private readonly onReceived: (push: ReceivedPush) => void = () => undefined,
  ) {}

  /** A fresh endpoint of this service. */
  endpoint(name: string): string {
    return `https://127.0.0.1:${this.port}/push/${name}`;
  }

  /** Answers every push to `name`'s endpoint with `status` from now on. */
  answer(name: string, status: number): void {
    this.scripted.set(`/push/${name}`, status);
  }

  async start(): Promise<void> {
    this.server = createServer({ cert: this.certificate.cert, key: this.certificate.key }, (request, response) =>
      this.take(request, response),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private take(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const vapid = verifiedVapid(request.headers.authorization, `https://127.0.0.1:${this.port}`);
      const status =
        request.method !== 'POST' || !path.startsWith('/push/')
          ? 404
          : (this.scripted.get(path) ?? (vapid ? 201 : 401));
      const push: ReceivedPush = {
        path,
        headers: request.headers,
        body: Buffer.concat(chunks),
        vapid,
        status,
        receivedAt: Date.now(),
      };
      this.received.push(push);
      this.onReceived(push);
      if (status === 201) response.setHeader('location', `https://127.0.0.1:${this.port}/message/${++this.pushes}`);
      response.writeHead(status).end();
    });
  }
}

/** The claims of a `vapid t=<jwt>, k=<key>` authorization whose ES256 signature verifies with `k` for `audience`. */
function verifiedVapid(header: string | undefined, audience: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [, jwt, publicKey] = match;
  const [head, payload, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  if (!signature || point.length !== 65) return null;
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  const fresh = claims.exp * 1000 > Date.now() && claims.exp * 1000 <= Date.now() + 24 * 3600 * 1000;
  return signed && header64.alg === 'ES256' && claims.aud === audience && fresh ? { ...claims, publicKey } : null;
}
