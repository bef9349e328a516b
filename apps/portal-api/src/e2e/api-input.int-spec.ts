import type { INestApplication } from '@nestjs/common';
import { connect } from 'node:net';
import request from 'supertest';
import { REQUEST_NESTING_MAX_DEPTH } from '@app/contracts';
import { waitUntil } from '@app/testing';
import type { DataSource } from 'typeorm';
import { startRelayWorkerTestApp } from '../../../relay-worker/src/testing/relay-worker-test-app';
import {
  claimsTokenOf,
  registerUser,
  startPortalWithPanels,
  waitForClaimStatus,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

/**
 * Every POST route of the API against every class of bad input: each is refused with a 4xx
 * `{ err }` naming what is wrong, never a 5xx, and writes nothing. The routes are read from the
 * router, so a POST route missing from the table below fails the test.
 */

const SITE = '0a1b2c3d4e90';
const UNCLAIMED = '0a1b2c3d4e91';
const RELAY_PASSWORD = 'Input test relay key: 32 chars!!';
const TRIGGER = { relay_1: 2, relay_2: 0, io_1: true, io_2: false, io_3: false, io_4: false };

type Token = 'none' | 'session' | 'claims';
type Body = Record<string, unknown>;

/** An id of nothing: the route answers 404, never 500. */
const SOME_UUID = '5d0c7c52-5f3e-4d8e-9f5b-0c6f1f8e2a11';

interface RouteCase {
  token: Token;
  /** Values of the route's params, in the order of the path. */
  params?: Record<string, string>;
  /** A valid body; left out for a route that reads no body. */
  body?: () => Body;
  /** A field (dotted path) that takes text, or where text does not belong. */
  text?: string;
  /** A field the route requires. */
  required?: string;
  /** Fields the route may do without. */
  optional?: string[];
}

interface World {
  user: TestUser & { email: string; password: string };
  relayId: number;
  actionId: number;
}

function routeTable(world: World): Record<string, RouteCase> {
  const { user } = world;
  const relay = () => ({ host: 'relay.example.com', name: 'Gate', port: 17123, password: RELAY_PASSWORD });
  const relayParams = { id: String(world.relayId) };
  const panelParams = { hwaddr: SITE, networkId: '1' };
  let registrations = 0;
  return {
    '/api/auth/register': {
      token: 'none',
      body: () => ({
        fullname: 'New User',
        email: `new-user-${++registrations}@example.com`,
        password: 'long enough',
        company: 'Acme',
        telephone: '0123',
      }),
      text: 'fullname',
      required: 'email',
      optional: ['company', 'telephone'],
    },
    '/api/auth/login': {
      token: 'none',
      body: () => ({ email: user.email, password: user.password }),
      text: 'password',
      required: 'email',
    },
    '/api/auth/resetpassword/request': {
      token: 'none',
      body: () => ({ email: user.email }),
      text: 'email',
      required: 'email',
    },
    '/api/auth/resetpassword/reset': {
      token: 'none',
      body: () => ({ password: 'long enough', token: 'a.b.c' }),
      text: 'token',
      required: 'token',
    },
    '/api/auth/account': {
      token: 'session',
      body: () => ({ email: user.email, name: user.name, company: 'Acme', telephone: '0123' }),
      text: 'name',
      required: 'name',
      optional: ['company', 'telephone'],
    },
    '/api/v2/claims/auth': { token: 'session' },
    '/api/v2/account/push/devices': {
      token: 'session',
      body: () => ({
        endpoint: 'https://push.example.com/push/device-1',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        name: 'Chrome on Android',
      }),
      text: 'name',
      required: 'endpoint',
    },
    '/api/v2/account/push/devices/:id/test': { token: 'session', params: { id: '1' } },
    '/api/v2/claims/create': {
      token: 'session',
      body: () => ({ hwaddr: UNCLAIMED, key: '1234', nickname: 'Depot', notify: true }),
      text: 'nickname',
      required: 'key',
      optional: ['nickname', 'notify'],
    },
    '/api/v2/claims/remove': { token: 'session', body: () => ({ hwaddr: SITE }), text: 'hwaddr', required: 'hwaddr' },
    '/api/v2/claims/email/:hwaddr': {
      token: 'session',
      params: { hwaddr: SITE },
      body: () => ({ state: true }),
      text: 'state',
      required: 'state',
    },
    '/api/v2/sites/:hwaddr/name': {
      token: 'claims',
      params: { hwaddr: SITE },
      body: () => ({ name: 'Depot' }),
      text: 'name',
      required: 'name',
    },
    '/api/v2/sites/:hwaddr/resetEvent': { token: 'claims', params: { hwaddr: SITE } },
    '/api/v2/account/two-factor/enrolment': { token: 'session' },
    '/api/v2/account/sessions/end-others': { token: 'session' },
    '/api/v2/account/sessions/:id/end': {
      token: 'session',
      params: { id: '5d0c7c52-5f3e-4d8e-9f5b-0c6f1f8e2a11' },
    },
    '/api/v2/account/two-factor/enrolment/confirm': {
      token: 'session',
      body: () => ({ code: '123456' }),
      text: 'code',
      required: 'code',
    },
    '/api/v2/account/two-factor/disable': {
      token: 'session',
      body: () => ({ code: '123456' }),
      text: 'code',
      required: 'code',
    },
    '/api/v2/auth/second-factor': {
      token: 'none',
      body: () => ({ challenge: 'challenge', code: '123456' }),
      text: 'code',
      required: 'challenge',
    },
    '/api/v2/companies': { token: 'session', body: () => ({ name: 'Northside Fire' }), text: 'name', required: 'name' },
    '/api/v2/companies/:id/invitations': {
      token: 'session',
      params: { id: SOME_UUID },
      body: () => ({ email: 'someone@example.com', role: 'viewer' }),
      text: 'email',
      required: 'role',
    },
    '/api/v2/companies/:id/invitations/:invitationId/revoke': {
      token: 'session',
      params: { id: SOME_UUID, invitationId: SOME_UUID },
    },
    '/api/v2/companies/:id/members/:userId/remove': { token: 'session', params: { id: SOME_UUID, userId: SOME_UUID } },
    '/api/v2/companies/:id/sites': {
      token: 'session',
      params: { id: SOME_UUID },
      body: () => ({ hwaddr: SITE }),
      text: 'hwaddr',
      required: 'hwaddr',
    },
    '/api/v2/companies/:id/sites/:hwaddr/remove': { token: 'session', params: { id: SOME_UUID, hwaddr: SITE } },
    '/api/v2/invitations/accept': {
      token: 'session',
      body: () => ({ token: 'a.b' }),
      text: 'token',
      required: 'token',
    },
    '/api/v2/sites/:hwaddr/invitations': {
      token: 'claims',
      params: { hwaddr: SITE },
      body: () => ({ email: 'someone@example.com', role: 'viewer' }),
      text: 'email',
      required: 'role',
    },
    '/api/v2/sites/:hwaddr/invitations/:invitationId/revoke': {
      token: 'claims',
      params: { hwaddr: SITE, invitationId: SOME_UUID },
    },
    '/api/v2/sites/:hwaddr/people/:userId/revoke': { token: 'claims', params: { hwaddr: SITE, userId: SOME_UUID } },
    '/api/v2/alarms/:id/acknowledge': {
      token: 'claims',
      params: { id: '1' },
      body: () => ({ note: 'Checked on site' }),
      text: 'note',
      optional: ['note'],
    },
    '/api/v2/sites/:hwaddr/webhook/test': { token: 'claims', params: { hwaddr: SITE } },
    '/api/v2/sites/:hwaddr/test-mode': {
      token: 'claims',
      params: { hwaddr: SITE },
      body: () => ({ minutes: 30, reason: 'Detector tests' }),
      text: 'reason',
      required: 'reason',
    },
    '/api/v2/sites/:hwaddr/panel/:networkId/zone': {
      token: 'claims',
      params: panelParams,
      body: () => ({ id: 1, name: 'Stairs', mode: 'MODE_ENABLED' }),
      text: 'name',
      required: 'id',
    },
    '/api/v2/sites/:hwaddr/panel/:networkId/tmp-name': {
      token: 'claims',
      params: panelParams,
      body: () => ({ port_id: 1, mod_idx: 0, name: 'Detector' }),
      text: 'name',
      required: 'port_id',
    },
    '/api/v2/sites/:hwaddr/panel/:networkId/tmp-zone': {
      token: 'claims',
      params: panelParams,
      body: () => ({ port_id: 1, mod_idx: 0, zoneId: 1 }),
      text: 'zoneId',
      required: 'zoneId',
    },
    '/api/v2/sites/:hwaddr/panel/:networkId/buttons': {
      token: 'claims',
      params: panelParams,
      body: () => ({ action: 'RESET', data: 'NA' }),
      text: 'data',
      required: 'action',
    },
    '/api/v2/sites/:hwaddr/panel/:networkId/strings': {
      token: 'claims',
      params: panelParams,
      body: () => ({ panelName: 'Main', panelCompanyName: 'Acme', panelSiteName: 'Depot', panelPhoneNumber: '0123' }),
      text: 'panelSiteName',
      required: 'panelName',
    },
    '/api/v2/sites/:hwaddr/panel/:networkId/module': {
      token: 'claims',
      params: panelParams,
      // No module on port 99: a valid request stops at the configuration check and reaches no panel.
      body: () => ({ port_id: 99, settings: { address: 3, printerOptions: 0 } }),
      text: 'settings.cloudAddress',
      required: 'settings',
      optional: ['settings.address'],
    },
    '/api/v2/sites/:hwaddr/panel/:networkId/device': {
      token: 'claims',
      params: panelParams,
      body: () => ({ port_id: 99, mod_idx: 0, settings: { mode: 'MODE_ENABLED', isNormallyClosed: false } }),
      text: 'settings.mode',
      required: 'mod_idx',
      optional: ['settings.mode'],
    },
    // No body: portal-api sets the time (a text field anywhere is unknown here).
    '/api/v2/sites/:hwaddr/panel/:networkId/clock': { token: 'claims', params: panelParams, body: () => ({}) },
    '/api/notifications/:id/resolve': { token: 'claims', params: { id: '1' } },
    '/api/relays/_new': { token: 'session', body: relay, text: 'name', required: 'host', optional: ['name', 'port'] },
    '/api/relays/_test': {
      token: 'session',
      body: () => ({ host: '127.0.0.1', port: 1, password: RELAY_PASSWORD }),
      text: 'host',
      required: 'password',
      optional: ['port'],
    },
    '/api/relays/:id': {
      token: 'session',
      params: relayParams,
      body: relay,
      text: 'name',
      required: 'host',
      optional: ['name', 'port', 'password'],
    },
    '/api/relays/:id/delete': { token: 'session', params: relayParams },
    '/api/relays/:id/actions': {
      token: 'session',
      params: relayParams,
      body: () => ({ action: { id: world.actionId, hwaddr: SITE, on_fire: TRIGGER, on_fault: TRIGGER } }),
      text: 'action.hwaddr',
      required: 'action.on_fire',
      optional: ['action.id'],
    },
    '/api/relays/:id/actions/delete/:actionId': {
      token: 'session',
      params: { ...relayParams, actionId: String(world.actionId) },
    },
    '/api/relays/:id/actions/test/:actionId': {
      token: 'session',
      params: { ...relayParams, actionId: String(world.actionId) },
      body: () => ({ trigger: 'fire' }),
      text: 'trigger',
      required: 'trigger',
    },
  };
}

type RouterLayer = { route?: { path: string; methods: Record<string, boolean> } };

/**
 * The API's routes of one method as the router has them, e.g. '/api/relays/:id'. Catch-alls
 * registered for every method (the API's 404 fallback) are not routes.
 */
function apiRoutes(app: INestApplication, method: 'get' | 'post'): string[] {
  const { stack } = (app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } }).router;
  return stack
    .map((layer) => layer.route)
    .filter(
      (route) => route !== undefined && route.path.startsWith('/api/') && route.methods[method] && !route.methods.acl,
    )
    .map((route) => route!.path);
}

function pathOf(template: string, params: Record<string, string> = {}, spoil?: string): string {
  return template.replace(/:(\w+)/g, (_match, name: string) =>
    name === spoil ? `${params[name]}%00` : encodeURIComponent(params[name]),
  );
}

function withField(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const names = path.split('.');
  let target: Body = copy;
  for (const name of names.slice(0, -1)) target = (target[name] ??= {}) as Body;
  target[names[names.length - 1]] = value;
  return copy;
}

/**
 * Every row of every table, to show that a refused request changed nothing, but for the one thing a
 * refused panel command must leave: its 'rejected' row in the audit log (panel-command-audit.int-spec).
 */
async function databaseFingerprint(dataSource: DataSource): Promise<string> {
  const tables = (await dataSource.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as Array<{ tablename: string }>;
  const parts: string[] = [];
  for (const { tablename } of tables) {
    const where = tablename === 'panel_command_audit' ? ` WHERE t.outcome <> 'rejected'` : '';
    const [row] = (await dataSource.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${tablename}" t${where}`,
    )) as Array<{
      n: number;
      h: string;
    }>;
    parts.push(`${tablename}:${row.n}:${row.h}`);
  }
  return parts.join('\n');
}

/** Headers announcing a body over the limit, and no body: the answer must come without it. */
function headersOnly(port: number, path: string, token: string | undefined, length: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const auth = token ? `Authorization: Bearer ${token}\r\n` : '';
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${auth}Content-Length: ${length}\r\n\r\n`,
      ),
    );
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const [head, body] = received.split('\r\n\r\n');
      if (body !== undefined && /"err"/.test(body) && body.trim().endsWith('}')) {
        socket.destroy();
        resolve(`${head}\r\n\r\n${body}`);
      }
    });
    socket.on('error', reject);
  });
}

describe('bad input on every POST route (real PostgreSQL, NATS, Redis, gateway, relay-worker)', () => {
  let world: PortalWithPanels;
  let relayWorker: INestApplication;
  let fixtures: World;
  let tokens: Record<Token, string | undefined>;
  let table: Record<string, RouteCase>;

  beforeAll(async () => {
    world = await startPortalWithPanels({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000', AUTH_RATE_LIMIT_PER_EMAIL: '100000' });
    relayWorker = (await startRelayWorkerTestApp(world.portal.environment)).app;
    const registered = await registerUser(world.portal, 'Rita');
    const user = { ...registered, email: 'rita@example.com', password: 'Rita password' };
    const session = (path: string, body: object) =>
      request(world.portal.server).post(path).set('Authorization', `Bearer ${user.session}`).send(body);
    await session('/api/v2/claims/create', { hwaddr: SITE, key: '2468' }).expect(200);
    (await world.panel(SITE, '2468')).start();
    await waitForClaimStatus(world.portal, user, SITE, 'AUTHED');
    const relayId = (
      await session('/api/relays/_new', { host: 'relay.example.com', password: RELAY_PASSWORD }).expect(200)
    ).body.id as number;
    const relay = (
      await session(`/api/relays/${relayId}/actions`, {
        action: { hwaddr: SITE, on_fire: TRIGGER, on_fault: TRIGGER },
      }).expect(200)
    ).body;
    fixtures = { user, relayId, actionId: relay.actions[0].id as number };
    tokens = { none: undefined, session: user.session, claims: await claimsTokenOf(world.portal, user) };
    table = routeTable(fixtures);
    // The panel's connection settles (configuration and runtime stored) before rows are compared.
    await waitForSiteNetworks();
  }, 60_000);

  afterAll(async () => {
    await relayWorker?.close();
    await world?.close();
  });

  async function waitForSiteNetworks(): Promise<void> {
    await waitUntil(async () => {
      const response = await request(world.portal.server)
        .get(`/api/v2/sites/${SITE}`)
        .set('Authorization', `Bearer ${tokens.claims}`);
      const networks =
        (response.body as { networks?: Array<{ configured?: boolean; runtime?: unknown }> }).networks ?? [];
      return networks.length === 2 && networks.every((network) => network.configured && network.runtime);
    }, 'the panel networks stored');
  }

  function post(route: string, entry: RouteCase, path = pathOf(route, entry.params)) {
    const call = request(world.portal.server).post(path);
    const token = tokens[entry.token];
    return token ? call.set('Authorization', `Bearer ${token}`) : call;
  }

  it('has every POST route of the API in its table, and no route that is gone', () => {
    expect(apiRoutes(world.portal.app, 'post').sort()).toEqual(Object.keys(table).sort());
  });

  it('refuses each class of bad input on every POST route with 4xx { err }, writing nothing', async () => {
    const dataSource = world.portal.environment.database.dataSource;
    const deep = `${'['.repeat(REQUEST_NESTING_MAX_DEPTH * 100)}${']'.repeat(REQUEST_NESTING_MAX_DEPTH * 100)}`;
    let before = await databaseFingerprint(dataSource);
    const failures: string[] = [];

    for (const [route, entry] of Object.entries(table)) {
      const valid = entry.body?.() ?? {};
      const textField = entry.text ?? 'note';
      type Refusal = {
        name: string;
        send: () => Promise<{ status: number; body: unknown; text?: string }>;
        status: number;
        err: RegExp;
      };
      const refusals: Refusal[] = [
        {
          name: 'U+0000 in a string field',
          send: () => post(route, entry).send(withField(valid, textField, 'bad\u0000text')),
          status: 400,
          err: new RegExp(`^${textField.replace(/\./g, '\\.')} `),
        },
        {
          name: 'a lone surrogate in a string field',
          send: () => post(route, entry).send(withField(valid, textField, 'bad\ud800text')),
          status: 400,
          err: new RegExp(`^${textField.replace(/\./g, '\\.')} `),
        },
        {
          name: 'deep nesting',
          send: () =>
            post(route, entry)
              .set('Content-Type', 'application/json')
              .send(`{"${textField.split('.')[0]}":${deep}}`),
          status: 400,
          err: /deeper than 16 levels/,
        },
        {
          name: 'an unknown field',
          send: () => post(route, entry).send({ ...valid, surplus: 1 }),
          status: 400,
          err: /^surplus is not an accepted field$/,
        },
        {
          name: 'malformed JSON',
          send: () => post(route, entry).set('Content-Type', 'application/json').send('{"surplus": '),
          status: 400,
          err: /not valid JSON/,
        },
        {
          name: 'a body that is not JSON',
          send: () => post(route, entry).set('Content-Type', 'application/x-www-form-urlencoded').send('surplus=1'),
          status: 415,
          err: /must be JSON/,
        },
        {
          name: 'a control character in the query string',
          send: () => post(route, entry, `${pathOf(route, entry.params)}?q=%1B`).send(valid),
          status: 400,
          err: /^q contains the control character U\+001B$/,
        },
      ];
      if (entry.required) {
        refusals.push({
          name: 'null for a required field',
          send: () => post(route, entry).send(withField(valid, entry.required!, null)),
          status: 400,
          err: new RegExp(`^${entry.required.replace(/\./g, '\\.')} is required$`),
        });
      }
      const firstParam = Object.keys(entry.params ?? {})[0];
      if (firstParam) {
        refusals.push({
          name: 'U+0000 in a route param',
          send: () => post(route, entry, pathOf(route, entry.params, firstParam)).send(valid),
          status: 400,
          err: new RegExp(`^${firstParam} contains the control character U\\+0000$`),
        });
      }

      for (const refusal of refusals) {
        const response = await refusal.send();
        const err = (response.body as { err?: unknown } | undefined)?.err;
        if (response.status !== refusal.status || typeof err !== 'string' || !refusal.err.test(err)) {
          failures.push(`${route}, ${refusal.name}: ${response.status} ${JSON.stringify(response.body)}`);
        }
        const after = await databaseFingerprint(dataSource);
        if (after !== before) failures.push(`${route}, ${refusal.name}: the database changed`);
        before = after;
      }

      const oversized = await headersOnly(
        world.portal.port!,
        pathOf(route, entry.params),
        tokens[entry.token],
        world.portal.config.http.bodyLimitBytes + 1,
      );
      if (!/^HTTP\/1\.1 413 /.test(oversized) || !/"err":"Request body is too large/.test(oversized)) {
        failures.push(`${route}, an oversized Content-Length: ${oversized.split('\r\n')[0]}`);
      }
      const afterOversized = await databaseFingerprint(dataSource);
      if (afterOversized !== before) failures.push(`${route}, an oversized Content-Length: the database changed`);
      before = afterOversized;

      for (const field of entry.optional ?? []) {
        // null is "left out": the request is valid and goes on as if the field were absent.
        const response = await post(route, entry).send(withField(entry.body!(), field, null));
        const err = (response.body as { err?: unknown } | undefined)?.err;
        if (response.status >= 500 || (typeof err === 'string' && err.startsWith(`${field} `))) {
          failures.push(
            `${route}, null for the optional ${field}: ${response.status} ${JSON.stringify(response.body)}`,
          );
        }
        before = await databaseFingerprint(dataSource);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses a control character in the query string or a route param of every GET route', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(world.portal.app, 'get')) {
      const params = Object.fromEntries(
        [...route.matchAll(/:(\w+)/g)].map(([, name]) => [name, name === 'hwaddr' ? SITE : '1']),
      );
      const query = await request(world.portal.server).get(`${pathOf(route, params)}?q=%00`);
      if (query.status !== 400 || query.body.err !== 'q contains the control character U+0000')
        failures.push(`${route}?q=%00: ${query.status} ${JSON.stringify(query.body)}`);
      const [firstParam] = Object.keys(params);
      if (firstParam) {
        const param = await request(world.portal.server).get(pathOf(route, params, firstParam));
        if (param.status !== 400 || param.body.err !== `${firstParam} contains the control character U+0000`) {
          failures.push(`${route} with U+0000 in ${firstParam}: ${param.status} ${JSON.stringify(param.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
