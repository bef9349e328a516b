import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp, type Options } from 'pino-http';
import { RuntimeConfig } from '@app/config';
import { waitUntil } from '@app/testing';
import { assignLogFields } from './log-context';
import { logContextMiddleware } from './log-context.middleware';
import { loggerOptions } from './logger-options.util';

/** An HTTP server logging as the apps do (the log middleware, then pino-http), its lines kept raw. */
async function loggingServer(): Promise<{ server: Server; url: string; raw: string[] }> {
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const options = loggerOptions(new RuntimeConfig('portal-api', 'test', 'info', 0)).pinoHttp as Options;
  const http = pinoHttp(options, destination);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    logContextMiddleware(request, response, () => {
      http(request, response);
      assignLogFields({ userId: 'u-1' });
      request.log.info({ hwaddr: '0011aabbccdd' }, 'handling');
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, raw };
}

describe('the apps’ logger options', () => {
  let world: Awaited<ReturnType<typeof loggingServer>>;

  beforeEach(async () => {
    world = await loggingServer();
  });

  afterEach(async () => {
    await new Promise((resolve) => world.server.close(resolve));
  });

  const linesOf = (id: string) => world.raw.filter((line) => line.includes(id));

  it("put the caller's correlation id once on each line of its request and answer it", async () => {
    const response = await fetch(`${world.url}/x`, { headers: { 'X-Request-Id': 'proxy-7f3a' } });
    expect(response.headers.get('x-correlation-id')).toBe('proxy-7f3a');
    await waitUntil(async () => linesOf('proxy-7f3a').length === 2, 'the request completed line');
    const lines = linesOf('proxy-7f3a');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['handling', 'request completed']);
    for (const line of lines) expect(line.match(/"correlationId"/g)).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ name: 'portal-api', correlationId: 'proxy-7f3a', userId: 'u-1' });
    // The request itself is on its last line only.
    expect(JSON.parse(lines[0])).not.toHaveProperty('req');
    expect(JSON.parse(lines[1])).toMatchObject({ correlationId: 'proxy-7f3a', req: { url: '/x' } });
  });

  it('give a request without one an id of its own', async () => {
    const response = await fetch(`${world.url}/y`);
    const id = response.headers.get('x-correlation-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitUntil(async () => linesOf(id!).length === 2, 'both lines of the request');
  });
});
