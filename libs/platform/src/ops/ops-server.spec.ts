import { PRODUCT_VERSION } from '@app/contracts';
import { request as httpRequest, Agent } from 'node:http';
import request from 'supertest';
import { RuntimeConfig } from '@app/config';
import { HealthRegistry } from '../health/health.registry';
import { MetricsService } from '../metrics/metrics.service';
import { OpsServer } from './ops-server';

function opsServer(redisUp: () => boolean): OpsServer {
  const runtime = new RuntimeConfig('relay-worker', 'test', 'silent', 0);
  const registry = new HealthRegistry();
  registry.register({ name: 'database', check: async () => undefined });
  registry.register({
    name: 'redis',
    check: async () => {
      if (!redisUp()) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    },
  });
  const metrics = new MetricsService(runtime);
  metrics.counter({ name: 'relay_pulses_total', help: 'Pulses sent' }).inc();
  return new OpsServer(registry, metrics, runtime);
}

describe('OpsServer', () => {
  it("answers /healthz with every dependency's state: 200 when all answer, 503 naming the one down", async () => {
    let redisUp = true;
    const ops = opsServer(() => redisUp);
    const healthy = await request(ops.server).get('/healthz').expect(200).expect('Content-Type', /json/);
    expect(healthy.body).toEqual({
      status: 'ok',
      app: 'relay-worker',
      version: PRODUCT_VERSION,
      checks: { database: { status: 'up' }, redis: { status: 'up' } },
    });
    redisUp = false;
    const down = await request(ops.server).get('/healthz/').expect(503);
    expect(down.body.checks.redis).toEqual({ status: 'down', reason: 'connect ECONNREFUSED 127.0.0.1:6379' });
  });

  it('answers /metrics in Prometheus text, with or without a trailing slash or a query', async () => {
    const ops = opsServer(() => true);
    for (const path of ['/metrics', '/metrics/', '/metrics?name[]=x']) {
      const response = await request(ops.server).get(path).expect(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.text).toContain('relay_pulses_total{app="relay-worker"} 1');
      // Which release runs here, for dashboards and an upgrade rolled out half way.
      expect(response.text).toMatch(
        new RegExp(
          `portal_build_info\\{version="${PRODUCT_VERSION.replaceAll('.', '\\.')}",commit="(?:[0-9a-f]{7,40}|unknown)",node="v\\d+[^"]*",app="relay-worker"\\} 1`,
        ),
      );
    }
  });

  it('answers anything else 404 and other methods 405, in JSON', async () => {
    const ops = opsServer(() => true);
    expect((await request(ops.server).get('/').expect(404)).body).toEqual({ err: 'Not found' });
    expect((await request(ops.server).get('/api/sites').expect(404)).body).toEqual({ err: 'Not found' });
    const post = await request(ops.server).post('/metrics').send('x').expect(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.body).toEqual({ err: 'Method not allowed' });
  });

  it('answers HEAD with the status and no body', async () => {
    const ops = opsServer(() => false);
    const response = await request(ops.server).head('/healthz').expect(503);
    expect(response.text).toBeUndefined();
  });

  it('listens on a port, and stops at shutdown even with a scraper connection kept alive', async () => {
    const ops = opsServer(() => true);
    const port = await ops.listen(0);
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      httpRequest({ port, path: '/metrics', agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
        .on('error', reject)
        .end(),
    );
    await ops.onApplicationShutdown();
    expect(ops.server.listening).toBe(false);
    agent.destroy();
  });
});
