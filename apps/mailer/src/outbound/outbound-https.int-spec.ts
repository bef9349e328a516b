import { createServer, type Server } from 'node:https';
import { AllowedTargets } from '@app/platform';
import { freePort, localCertificate, type LocalCertificate } from '@app/testing';
import { OutboundHttps, type OutboundAnswer } from './outbound-https';

class TestOutbound extends OutboundHttps {
  constructor(extraCa: string) {
    super({ timeoutMs: 2_000, allowedTargets: AllowedTargets.parse('127.0.0.1'), extraCa }, 'outbound-test');
  }
}

/**
 * Whether a post that got no answer may still have been taken, against a real local HTTPS receiver:
 * only one whose whole request went out (the push or the webhook then counts a possible repeat).
 */
describe('OutboundHttps, a post without an answer (a real local HTTPS receiver)', () => {
  let certificate: LocalCertificate;
  let outbound: TestOutbound;
  let server: Server | undefined;

  beforeAll(() => {
    certificate = localCertificate();
    outbound = new TestOutbound(certificate.cert);
  });

  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  afterAll(() => {
    outbound.onApplicationShutdown();
    certificate.remove();
  });

  /** A receiver on 127.0.0.1 that handles each request with `handle`; answers its port. */
  async function receiver(handle: Parameters<typeof createServer>[1]): Promise<number> {
    const started = createServer({ cert: certificate.cert, key: certificate.key }, handle);
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    return (started.address() as { port: number }).port;
  }

  const post = (port: number): Promise<OutboundAnswer> =>
    outbound.post(
      `https://127.0.0.1:${port}/push/device`,
      { 'content-type': 'application/octet-stream' },
      'x'.repeat(4096),
    );

  it('says the request went out when the receiver read it all and then broke the connection', async () => {
    const port = await receiver((request) => {
      request.resume();
      request.on('end', () => request.socket.destroy());
    });
    const answer = await post(port);
    expect(answer).toMatchObject({ statusCode: null, requestSent: true });
  });

  it('says nothing went out when no receiver listens', async () => {
    const answer = await post(await freePort());
    expect(answer.statusCode).toBeNull();
    expect(answer.error).toMatch(/^Connection failed: ECONNREFUSED/);
    expect(answer).not.toHaveProperty('requestSent');
  });

  it('answers the status of a receiver that answers', async () => {
    const port = await receiver((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(201).end());
    });
    await expect(post(port)).resolves.toEqual({ statusCode: 201, error: null });
  });
});
