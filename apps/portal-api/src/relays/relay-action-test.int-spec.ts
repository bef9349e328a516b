import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ClaimEntity, PanelCommandAuditEntity } from '@app/database';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import { startRelayWorkerTestApp } from '../../../relay-worker/src/testing/relay-worker-test-app';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { RELAY_ACTION_TEST_KIND } from './relay-action-audit.repository';

const PASSWORD = 'Relay test-action key: 32 chars!';
const SECRET_KEY = 'relay-action-test-int-spec-secret-key-012345';
const SITE = '0011aabbcc21';

/** Test action: portal-api asks a relay-worker to drive one action once, and audits it on the site. */
describe('POST /api/relays/{id}/actions/test/{actionId} (real PostgreSQL, NATS, relay-worker, relay simulator)', () => {
  let portal: PortalApiTestApp;
  let worker: INestApplication | undefined;
  const board = new RelaySimulator({ password: PASSWORD });
  let alice: string;
  let bob: string;
  let relayId: number;
  let actionId: number;

  const post = (token: string, path: string, body: object = {}) =>
    request(portal.server).post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
  const testPath = () => `/relays/${relayId}/actions/test/${actionId}`;
  const auditRows = () =>
    portal.environment.database.dataSource
      .getRepository(PanelCommandAuditEntity)
      .find({ where: { hwaddr: SITE }, order: { id: 'ASC' } });
  const switchesWithoutTime = () => board.switches.map(({ at: _at, ...rest }) => rest);

  async function register(email: string): Promise<string> {
    const response = await request(portal.server)
      .post('/api/auth/register')
      .send({ fullname: `User ${email}`, email, password: 'a good password' })
      .expect(201);
    return response.body.token as string;
  }

  beforeAll(async () => {
    const env = { RELAY_SECRET_KEY: SECRET_KEY, RELAY_ALLOWED_TARGETS: '127.0.0.1', RELAY_VERIFY_TIMEOUT_MS: '5000' };
    portal = await startPortalApiTestApp(env);
    ({ app: worker } = await startRelayWorkerTestApp(portal.environment, env));
    await board.start();
    alice = await register('alice@example.com');
    bob = await register('bob@example.com');
    const [row] = await portal.environment.database.dataSource.query<Array<{ id: string }>>(
      'SELECT id FROM users WHERE email = $1',
      ['alice@example.com'],
    );
    await portal.environment.database.dataSource
      .getRepository(ClaimEntity)
      .save({ userId: row.id, hwaddr: SITE, adminKey: '1234', status: 'AUTHED' });
    const relay = await post(alice, '/relays/_new', {
      host: '127.0.0.1',
      name: 'Strobe',
      port: board.port,
      password: PASSWORD,
    }).expect(200);
    relayId = relay.body.id;
    const saved = await post(alice, `/relays/${relayId}/actions`, {
      action: {
        hwaddr: SITE,
        on_fire: { relay_1: 2, relay_2: 0, io_1: false, io_2: true, io_3: false, io_4: false },
        on_fault: { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: true },
      },
    }).expect(200);
    actionId = saved.body.actions[0].id;
  });

  afterAll(async () => {
    await worker?.close();
    await board.stop();
    await portal?.close();
  });

  it('drives the fire settings once and audits the test on the site', async () => {
    await post(alice, testPath(), { trigger: 'fire' }).expect(200, {});

    expect(switchesWithoutTime()).toEqual([
      { kind: 'relay', relay: 1, pulseMs: 2000 },
      { kind: 'io', io: 2, on: true },
    ]);
    const [row] = await auditRows();
    expect(row).toMatchObject({
      userName: 'User alice@example.com',
      networkId: 0,
      kind: RELAY_ACTION_TEST_KIND,
      command: { kind: RELAY_ACTION_TEST_KIND, relayId, actionId, trigger: 'fire' },
      outcome: 'ok',
      reason: null,
    });
    expect(row.settledAt).not.toBeNull();
    // No panel event caused it: no run is recorded.
    const runs = await request(portal.server)
      .get(`/api/relays/${relayId}/runs`)
      .set('Authorization', `Bearer ${alice}`)
      .expect(200);
    expect(runs.body).toEqual([]);
  });

  it('drives the fault settings when asked for them', async () => {
    board.switches.length = 0;
    await post(alice, testPath(), { trigger: 'fault' }).expect(200, {});
    expect(switchesWithoutTime()).toEqual([{ kind: 'io', io: 4, on: true }]);
    expect((await auditRows()).map((row) => [row.command.trigger, row.outcome])).toEqual([
      ['fire', 'ok'],
      ['fault', 'ok'],
    ]);
  });

  it('refuses a missing or unknown trigger, naming the field, and drives nothing', async () => {
    board.switches.length = 0;
    expect((await post(alice, testPath(), {}).expect(400)).body.err).toMatch(/trigger/);
    expect((await post(alice, testPath(), { trigger: 'smoke' }).expect(400)).body.err).toMatch(/trigger/);
    expect(board.switches).toEqual([]);
    expect(await auditRows()).toHaveLength(2);
  });

  it("answers 404 for another user's relay and an unknown action", async () => {
    expect((await post(bob, testPath(), { trigger: 'fire' }).expect(404)).body.err).toBe('Relay not found');
    expect(
      (await post(alice, `/relays/${relayId}/actions/test/999999`, { trigger: 'fire' }).expect(404)).body.err,
    ).toBe('Relay action not found');
    expect(await auditRows()).toHaveLength(2);
  });

  it('says why when the board cannot be reached, and audits the failure', async () => {
    await board.stop();
    try {
      const response = await post(alice, testPath(), { trigger: 'fire' }).expect(422);
      expect(response.body.err).toEqual(expect.any(String));
      const rows = await auditRows();
      expect(rows).toHaveLength(3);
      expect(rows[2]).toMatchObject({ outcome: 'failed', reason: response.body.err });
    } finally {
      await board.start();
    }
  });

  it('refuses a site the owner is no longer authorised on', async () => {
    await portal.environment.database.dataSource
      .getRepository(ClaimEntity)
      .update({ hwaddr: SITE }, { status: 'WAITING' });
    try {
      expect((await post(alice, testPath(), { trigger: 'fire' }).expect(400)).body.err).toBe(
        `Site ${SITE} is not one of your authorised sites`,
      );
      expect(await auditRows()).toHaveLength(3);
    } finally {
      await portal.environment.database.dataSource
        .getRepository(ClaimEntity)
        .update({ hwaddr: SITE }, { status: 'AUTHED' });
    }
  });

  it('answers 503 and audits it when no relay-worker is running', async () => {
    await worker?.close();
    worker = undefined;
    const response = await post(alice, testPath(), { trigger: 'fire' }).expect(503);
    expect(response.body.err).toBe('The relay service is not running: try again later');
    expect((await auditRows())[3]).toMatchObject({ outcome: 'not-connected', reason: response.body.err });
  });
});
