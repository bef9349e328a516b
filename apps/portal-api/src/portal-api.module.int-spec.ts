import { PRODUCT_VERSION } from '@app/contracts';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { healthyReport } from '@app/testing';
import { startPortalApiTestApp, type PortalApiTestApp } from './testing/portal-api-test-app';

/** What /metrics or /healthz would answer: Prometheus lines, the report's checks, a dependency's name. */
const OPS_ANSWER = /process_cpu|nodejs_|# HELP|"checks"|panelEventsConsumer|redis/i;

describe('portal-api boot (real PostgreSQL, NATS, Redis)', () => {
  let portal: PortalApiTestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Fire Alarm Portal</title>');
    writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    portal = await startPortalApiTestApp({ WEB_DIST_DIR: webDir });
  });

  afterAll(async () => {
    await portal?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('migrates an empty database at start', async () => {
    const tables = await portal.environment.database.dataSource.query<Array<{ table_name: string }>>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['users', 'claims', 'events', 'relays']),
    );
  });

  it('reports every dependency healthy', async () => {
    const response = await healthyReport(portal.ops);
    expect(response.body).toEqual({
      status: 'ok',
      app: 'portal-api',
      version: PRODUCT_VERSION,
      checks: {
        database: { status: 'up' },
        nats: { status: 'up' },
        redis: { status: 'up' },
        panelEventsConsumer: { status: 'up' },
        panelAlarmsConsumer: { status: 'up' },
        panelConfigConsumer: { status: 'up' },
        natsSubscriptions: { status: 'up' },
      },
    });
  });

  it('serves Prometheus metrics on the ops port', async () => {
    const response = await request(portal.ops).get('/metrics').expect(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.text).toContain('process_cpu_user_seconds_total{app="portal-api"}');
    // Slashes are the same path there: nothing else on that port to confuse them with.
    await request(portal.ops).get('/metrics/').expect(200);
    expect((await request(portal.ops).get('/healthz/?full=1')).body).toHaveProperty('checks');
  });

  it('counts and times every HTTP answer by its route pattern, and shows the database pool in use', async () => {
    await request(portal.server).get('/api/config').expect(200);
    await request(portal.server).get('/api/v2/sites/0011aabbccdd').expect(401);
    await request(portal.server).get('/api/no/such/call').expect(404);
    const { text } = await request(portal.ops).get('/metrics').expect(200);
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/config",status="200",app="portal-api"\} [1-9]/m,
    );
    // The pattern, not the address asked for: one series for every site.
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/v2\/sites\/:hwaddr",status="401",app="portal-api"\} [1-9]/m,
    );
    // Unknown API paths meet the API's own catch-all route (its 404 in the API's shape): one series.
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\*path",status="404",app="portal-api"\} [1-9]/m,
    );
    expect(text).not.toContain('0011aabbccdd');
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{app="portal-api",method="GET",route="\/api\/config"\} [1-9]/m,
    );
    expect(text).toMatch(/^database_pool_connections\{state="total",app="portal-api"\} [1-9]/m);
    expect(text).toMatch(/^database_pool_connections\{state="waiting",app="portal-api"\} 0/m);
  });

  it.each(['/metrics', '/metrics/', '/healthz', '/healthz/', '/METRICS', '/Healthz/', '/metrics?format=text'])(
    'answers %s on the public port 404, with no metrics and no dependency state',
    async (path) => {
      for (const accept of ['*/*', 'text/html', 'text/plain']) {
        const response = await request(portal.server).get(path).set('Accept', accept);
        // Not the web page either: a probe or scraper pointed here by mistake fails.
        expect([path, accept, response.status, response.body]).toEqual([path, accept, 404, { err: 'Not found' }]);
        expect(response.text).not.toMatch(OPS_ANSWER);
      }
    },
  );

  it.each(['//metrics', '/%6detrics', '/api/../metrics', '/api/metrics', '/api/healthz/', '/assets/../healthz'])(
    'answers %s on the public port with no metrics and no dependency state',
    async (path) => {
      for (const accept of ['*/*', 'text/html']) {
        const response = await request(portal.server).get(path).set('Accept', accept);
        expect(response.text).not.toMatch(OPS_ANSWER);
      }
    },
  );

  it('serves the web client, with index.html for client routes', async () => {
    const home = await request(portal.server).get('/').set('Accept', 'text/html').expect(200);
    expect(home.text).toContain('Fire Alarm Portal');
    const route = await request(portal.server)
      .get('/site/0011aabbccdd/panel/1/status')
      .set('Accept', 'text/html')
      .expect(200);
    expect(route.text).toContain('Fire Alarm Portal');
    const asset = await request(portal.server).get('/assets/app-1234.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    await request(portal.server).get('/assets/missing.js').expect(404);
  });

  it('answers unknown API paths with 404, never with the web page', async () => {
    const response = await request(portal.server).get('/api/nothing-here').set('Accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('Fire Alarm Portal');
  });
});
