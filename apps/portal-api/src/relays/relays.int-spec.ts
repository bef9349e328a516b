import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ClaimEntity } from '@app/database';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import { startRelayWorkerTestApp } from '../../../relay-worker/src/testing/relay-worker-test-app';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

const PASSWORD = 'Relay API test key, 32 chars ok!';
const SECRET_KEY = 'relays-api-int-spec-secret-key-0123456789';
const SITE = '0011aabbcc01';
const OTHER_SITE = '0011aabbcc02';
const WAITING_SITE = '0011aabbcc03';
const trigger = { relay_1: 5, relay_2: 0, io_1: true, io_2: false, io_3: false, io_4: false };
const quiet = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };

describe('relays API (real PostgreSQL, NATS, relay-worker, relay simulator)', () => {
  let portal: PortalApiTestApp;
  let worker: INestApplication;
  const board = new RelaySimulator({ password: PASSWORD });
  let alice: string;
  let bob: string;

  async function register(email: string): Promise<string> {
    const response = await request(portal.server)
      .post('/api/auth/register')
      .send({ fullname: email, email, password: 'a good password' })
      .expect(201);
    return response.body.token as string;
  }

  async function userIdOf(email: string): Promise<string> {
    const [row] = await portal.environment.database.dataSource.query<Array<{ id: string }>>(
      'SELECT id FROM users WHERE email = $1',
      [email],
    );
    return row.id;
  }

  const post = (token: string, path: string, body: object = {}) =>
    request(portal.server).post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
  const get = (token: string, path: string) =>
    request(portal.server).get(`/api${path}`).set('Authorization', `Bearer ${token}`);
  const newRelay = (overrides: object = {}) => ({
    host: '127.0.0.1',
    name: 'Strobe',
    port: board.port,
    password: PASSWORD,
    ...overrides,
  });

  beforeAll(async () => {
    const env = { RELAY_SECRET_KEY: SECRET_KEY, RELAY_ALLOWED_TARGETS: '127.0.0.1', RELAY_VERIFY_TIMEOUT_MS: '5000' };
    portal = await startPortalApiTestApp(env);
    ({ app: worker } = await startRelayWorkerTestApp(portal.environment, env));
    await board.start();
    alice = await register('alice@example.com');
    bob = await register('bob@example.com');
    const claims = portal.environment.database.dataSource.getRepository(ClaimEntity);
    const aliceId = await userIdOf('alice@example.com');
    await claims.save([
      { userId: aliceId, hwaddr: SITE, adminKey: '1234', status: 'AUTHED' },
      { userId: aliceId, hwaddr: OTHER_SITE, adminKey: '1234', status: 'AUTHED' },
      { userId: aliceId, hwaddr: WAITING_SITE, adminKey: '1234', status: 'WAITING' },
    ]);
  });

  afterAll(async () => {
    await worker?.close();
    await board.stop();
    await portal?.close();
  });

  it('needs a session token', async () => {
    await request(portal.server).get('/api/relays').expect(401);
  });

  describe('relays', () => {
    it('creates a relay with the default port, stores the password encrypted and never returns it', async () => {
      const response = await post(alice, '/relays/_new', { host: 'relay.example.com', password: PASSWORD }).expect(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        host: 'relay.example.com',
        name: '',
        port: 17123,
        actions: [],
      });
      const [row] = await portal.environment.database.dataSource.query<Array<{ password_encrypted: string }>>(
        'SELECT password_encrypted FROM relays WHERE id = $1',
        [response.body.id],
      );
      expect(row.password_encrypted).not.toContain(PASSWORD);
      expect(JSON.stringify((await get(alice, '/relays').expect(200)).body)).not.toContain(PASSWORD);
    });

    it.each([
      ['a missing host', { host: '' }, 'host is required'],
      ['a port of 0', { port: 0 }, 'port must be a whole number from 1 to 65535'],
      ['a port over 65535', { port: 65536 }, 'port must be a whole number from 1 to 65535'],
      ['a short password', { password: 'x'.repeat(31) }, 'password must be exactly 32 characters'],
      [
        'a password with a quote',
        { password: `"${'x'.repeat(31)}` },
        'password must use printable ASCII characters other than "',
      ],
      [
        'a private address',
        { host: '192.168.0.123' },
        "Relay address 192.168.0.123 is a loopback, private or link-local address: use the relay's public address or DNS name and forward its port",
      ],
      ['an IPv6 loopback address', { host: '::1' }, 'Relay address ::1 is a loopback, private or link-local address'],
      [
        'a link-local address',
        { host: '169.254.10.1' },
        'Relay address 169.254.10.1 is a loopback, private or link-local address',
      ],
    ])('refuses %s', async (_, overrides, err) => {
      const response = await post(alice, '/relays/_new', newRelay(overrides)).expect(400);
      expect(response.body.err).toContain(err);
    });

    it('updates a relay, keeping the stored password when none is sent', async () => {
      const { body: created } = await post(alice, '/relays/_new', newRelay()).expect(200);
      const before = await portal.environment.database.dataSource.query<Array<{ password_encrypted: string }>>(
        'SELECT password_encrypted FROM relays WHERE id = $1',
        [created.id],
      );
      const { body: updated } = await post(alice, `/relays/${created.id}`, {
        host: '203.0.113.7',
        name: 'Gate',
        port: 1700,
      }).expect(200);
      expect(updated).toMatchObject({ host: '203.0.113.7', name: 'Gate', port: 1700 });
      const after = await portal.environment.database.dataSource.query<Array<{ password_encrypted: string }>>(
        'SELECT password_encrypted FROM relays WHERE id = $1',
        [created.id],
      );
      expect(after).toEqual(before);
      await post(alice, `/relays/${created.id}`, { host: '203.0.113.7', port: 1700, password: 'y'.repeat(32) }).expect(
        200,
      );
      const changed = await portal.environment.database.dataSource.query<Array<{ password_encrypted: string }>>(
        'SELECT password_encrypted FROM relays WHERE id = $1',
        [created.id],
      );
      expect(changed).not.toEqual(before);
    });

    it("answers 404 for another user's relay on every call", async () => {
      const { body: relay } = await post(alice, '/relays/_new', newRelay()).expect(200);
      const action = { hwaddr: SITE, on_fire: trigger, on_fault: quiet };
      for (const call of [
        post(bob, `/relays/${relay.id}`, newRelay()),
        post(bob, `/relays/${relay.id}/delete`),
        post(bob, `/relays/${relay.id}/actions`, { action }),
        post(bob, `/relays/${relay.id}/actions/delete/1`),
        get(bob, `/relays/${relay.id}/runs`),
      ]) {
        expect((await call.expect(404)).body).toEqual({ err: 'Relay not found' });
      }
      expect((await get(bob, '/relays').expect(200)).body).toEqual([]);
    });

    it('deletes a relay', async () => {
      const { body: relay } = await post(alice, '/relays/_new', newRelay({ name: 'Doomed' })).expect(200);
      await post(alice, `/relays/${relay.id}/delete`).expect(200);
      await post(alice, `/relays/${relay.id}/delete`).expect(404);
      expect((await get(alice, '/relays')).body.map((listed: { id: number }) => listed.id)).not.toContain(relay.id);
    });
  });

  describe('actions', () => {
    let relayId: number;

    beforeAll(async () => {
      relayId = (await post(alice, '/relays/_new', newRelay({ name: 'Actions' })).expect(200)).body.id;
    });

    it('adds an action for an authorised site, once, and saves its settings by id', async () => {
      const { body: relay } = await post(alice, `/relays/${relayId}/actions`, {
        action: { hwaddr: '00:11:AA:BB:CC:01', on_fire: trigger, on_fault: quiet },
      }).expect(200);
      expect(relay.actions).toEqual([{ id: expect.any(Number), hwaddr: SITE, on_fire: trigger, on_fault: quiet }]);
      const again = await post(alice, `/relays/${relayId}/actions`, {
        action: { hwaddr: SITE, on_fire: quiet, on_fault: quiet },
      }).expect(409);
      expect(again.body.err).toBe(`This relay already has an action for site ${SITE}`);
      const actionId = relay.actions[0].id as number;
      const { body: saved } = await post(alice, `/relays/${relayId}/actions`, {
        action: { id: actionId, hwaddr: SITE, on_fire: quiet, on_fault: trigger },
      }).expect(200);
      expect(saved.actions).toEqual([{ id: actionId, hwaddr: SITE, on_fire: quiet, on_fault: trigger }]);
      const listed = (await get(alice, '/relays').expect(200)).body.find(
        (entry: { id: number }) => entry.id === relayId,
      );
      expect(listed.actions).toEqual(saved.actions);
    });

    it.each([
      [
        'a site that is not authorised',
        { hwaddr: WAITING_SITE, on_fire: trigger, on_fault: quiet },
        `Site ${WAITING_SITE} is not one of your authorised sites`,
      ],
      [
        'a site of nobody',
        { hwaddr: '0011aabbccff', on_fire: trigger, on_fault: quiet },
        'Site 0011aabbccff is not one of your authorised sites',
      ],
      [
        'negative seconds',
        { hwaddr: OTHER_SITE, on_fire: { ...trigger, relay_1: -1 }, on_fault: quiet },
        'action.on_fire.relay_1 must be a whole number from 0 to 2147483',
      ],
      [
        // The boards read a longer pulse as negative and latch the relay on.
        'seconds beyond the longest pulse a board can time',
        { hwaddr: OTHER_SITE, on_fire: { ...trigger, relay_1: 2_147_484 }, on_fault: quiet },
        'action.on_fire.relay_1 must be a whole number from 0 to 2147483',
      ],
      [
        'fractional seconds',
        { hwaddr: OTHER_SITE, on_fire: quiet, on_fault: { ...trigger, relay_2: 1.5 } },
        'action.on_fault.relay_2 must be a whole number from 0 to 2147483',
      ],
      [
        'an I/O that is not a boolean',
        { hwaddr: OTHER_SITE, on_fire: { ...trigger, io_3: 'yes' }, on_fault: quiet },
        'action.on_fire.io_3 must be true or false',
      ],
      ['no site', { hwaddr: '', on_fire: trigger, on_fault: quiet }, 'action.hwaddr is required'],
    ])('refuses %s', async (_, action, err) => {
      expect((await post(alice, `/relays/${relayId}/actions`, { action }).expect(400)).body).toEqual({ err });
    });

    it('deletes an action, and answers 404 for one it does not have', async () => {
      const { body: relay } = await post(alice, `/relays/${relayId}/actions`, {
        action: { hwaddr: OTHER_SITE, on_fire: trigger, on_fault: quiet },
      }).expect(200);
      const added = relay.actions.find((action: { hwaddr: string }) => action.hwaddr === OTHER_SITE);
      const { body: after } = await post(alice, `/relays/${relayId}/actions/delete/${added.id}`).expect(200);
      expect(after.actions.map((action: { hwaddr: string }) => action.hwaddr)).toEqual([SITE]);
      expect((await post(alice, `/relays/${relayId}/actions/delete/${added.id}`).expect(404)).body).toEqual({
        err: 'Relay action not found',
      });
      expect(
        (
          await post(alice, `/relays/${relayId}/actions`, {
            action: { id: added.id, hwaddr: OTHER_SITE, on_fire: trigger, on_fault: quiet },
          }).expect(404)
        ).body,
      ).toEqual({ err: 'Relay action not found' });
    });

    it('lists no runs before any event', async () => {
      expect((await get(alice, `/relays/${relayId}/runs`).expect(200)).body).toEqual([]);
    });
  });

  describe('verify (through a relay-worker)', () => {
    it('answers the board status', async () => {
      const response = await post(alice, '/relays/_test', {
        host: '127.0.0.1',
        port: board.port,
        password: PASSWORD,
      }).expect(200);
      expect(response.body).toEqual({
        moduleID: 35,
        firmware: { system: { major: 4, minor: 2 }, application: { major: 4, minor: 14 } },
        voltage: 12.5,
        temp: 26.7,
      });
    });

    it('names a wrong password', async () => {
      const response = await post(alice, '/relays/_test', {
        host: '127.0.0.1',
        port: board.port,
        password: 'z'.repeat(32),
      }).expect(422);
      expect(response.body.err).toBe(
        `Relay 127.0.0.1:${board.port} answered with data that does not decrypt: check the password and that the relay is set to the AES Binary command set`,
      );
    });

    it('names a closed port', async () => {
      const closed = new RelaySimulator({ password: PASSWORD });
      const port = await closed.start();
      await closed.stop();
      const response = await post(alice, '/relays/_test', { host: '127.0.0.1', port, password: PASSWORD }).expect(422);
      expect(response.body.err).toContain(
        `Relay 127.0.0.1:${port} refused the connection: check the port, the port forwarding`,
      );
    });

    it('refuses a private address before asking anyone', async () => {
      const response = await post(alice, '/relays/_test', { host: '10.1.2.3', password: PASSWORD }).expect(400);
      expect(response.body.err).toContain('Relay address 10.1.2.3 is a loopback, private or link-local address');
    });

    it('validates what it is given', async () => {
      expect(
        (await post(alice, '/relays/_test', { host: '127.0.0.1', port: 0, password: PASSWORD }).expect(400)).body,
      ).toEqual({ err: 'port must be a whole number from 1 to 65535' });
      expect((await post(alice, '/relays/_test', { host: '127.0.0.1' }).expect(400)).body).toEqual({
        err: 'password is required',
      });
    });
  });
});
