import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NATS_RESTORE_REPLAY_USER, natsInboxPrefix, natsNames, type NatsApp } from '@app/contracts';
import {
  AlarmEntity,
  APP_DATABASE_ROLES,
  ClaimEntity,
  RelayActionEntity,
  RelayEntity,
  UserEntity,
} from '@app/database';
import { provisionTestPanel } from '@app/database/testing';
import { NatsService } from '@app/messaging';
import { uniqueTestName } from '@app/messaging/testing';
import { RelayPasswordCipher } from '@app/relay-protocol';
import {
  createTestEnvironment,
  ELECTION_TIMEOUT_MS,
  serviceVariables,
  startSecuredNatsCluster,
  waitUntil,
  type SecuredNatsCluster,
  type TestEnvironment,
} from '@app/testing';
import { startGateway, type StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import { startRelayWorkerTestApp } from '../../../relay-worker/src/testing/relay-worker-test-app';
import { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import { loadRestoreReplayConfig } from '../../../../tools/restore-replay/src/restore-replay.config';
import { RestoreReplayModule } from '../../../../tools/restore-replay/src/restore-replay.module';
import { RestoreReplay } from '../../../../tools/restore-replay/src/restore-replay.service';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

jest.setTimeout(ELECTION_TIMEOUT_MS + 120_000);

const HWADDR = '0011aabbcc77';
const RELAY_KEY = 'NATS users relay key: 32 chars!!';
const SECRET_KEY = 'nats-users-int-spec-secret-key-0123456789';

/**
 * docs/security.md, "NATS": a three-server cluster where each app connects as its own user, allowed
 * only its subjects and streams (natsPermissions), over TLS, the routes between servers on TLS too.
 * A fire on a simulated panel goes through the real gateway, portal-api, relay-worker and mailer
 * without one permissions violation in any server's log; a user publishing or listening on another
 * app's subjects is refused by the servers.
 */
describe('NATS with a user per app and TLS for clients and routes (real three-server cluster)', () => {
  let secured: SecuredNatsCluster;
  let environment: TestEnvironment;
  let portal: PortalApiTestApp;
  let gateway: StartedGateway;
  let worker: INestApplication;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  const board = new RelaySimulator({ password: RELAY_KEY });
  let panel: SimulatedPanel;
  const raw: NatsConnection[] = [];

  /** A connection of the test's own as `app`'s user, as the app makes it (its inbox, TLS). */
  async function connectAs(app: NatsApp, password = secured.password(app)): Promise<NatsConnection> {
    const connection = await connect({
      servers: secured.cluster.urls,
      user: app,
      pass: password,
      tls: { caFile: secured.tls.caFile },
      inboxPrefix: natsInboxPrefix(app, natsNames(secured.prefix)),
      reconnect: false,
      timeout: 5000,
    });
    raw.push(connection);
    return connection;
  }

  /** The server's refusal of what `act` does on `connection`, as the client hears it. */
  async function refusal(connection: NatsConnection, act: () => void): Promise<string> {
    const heard = (async () => {
      for await (const status of connection.status()) if (status.type === 'error') return String(status.error);
      return 'no error';
    })();
    act();
    await connection.flush();
    return Promise.race([heard, new Promise<string>((resolve) => setTimeout(() => resolve('no error'), 5000))]);
  }

  beforeAll(async () => {
    const prefix = uniqueTestName('secured');
    secured = await startSecuredNatsCluster({ name: uniqueTestName('nats-users'), prefix });
    environment = await createTestEnvironment();
    await board.start();
    await smtp.start();
    const db = environment.database.dataSource;
    const user = await db
      .getRepository(UserEntity)
      .save({ email: 'site-owner@example.com', fullName: 'Site Owner', passwordHash: 'x' });
    await db.getRepository(ClaimEntity).save({ userId: user.id, hwaddr: HWADDR, adminKey: '1234', status: 'AUTHED' });
    const relay = await db.getRepository(RelayEntity).save({
      userId: user.id,
      name: 'Sounder strobe',
      host: '127.0.0.1',
      port: board.port,
      passwordEncrypted: new RelayPasswordCipher(SECRET_KEY).encrypt(RELAY_KEY),
    });
    await db.getRepository(RelayActionEntity).save({
      relayId: relay.id,
      hwaddr: HWADDR,
      onFire: { relay_1: 1, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
      onFault: { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
    });

    portal = await startPortalApiTestApp(secured.variables('portal-api'), { environment });
    gateway = await startGateway(secured.config('panel-gateway'), {}, { url: environment.database.url });
    worker = (
      await startRelayWorkerTestApp(environment, {
        ...secured.variables('relay-worker'),
        RELAY_SECRET_KEY: SECRET_KEY,
        RELAY_ALLOWED_TARGETS: '127.0.0.1',
      })
    ).app;
    mailer = await startMailerTestApp(environment, smtp.port, secured.variables('mailer'));

    panel = new SimulatedPanel({
      hwaddr: HWADDR,
      adminKey: '1234',
      deviceSecret: await provisionTestPanel(db, HWADDR),
      host: '127.0.0.1',
      port: gateway.port,
      networkIds: [1],
      panelType: 'MULTILOOP',
      firmware: '1.0',
      cloudControl: true,
      log: () => undefined,
    });
    panel.start();
    await waitUntil(() => panel.link.isReady, 'the panel connected');
  });

  afterAll(async () => {
    await Promise.all(raw.map((connection) => connection.close().catch(() => undefined)));
    await panel?.stop();
    await gateway?.close();
    await worker?.close();
    await mailer?.close();
    await portal?.close();
    await board.stop();
    await smtp.stop();
    await environment?.cleanup();
    await secured?.remove();
  });

  it('carries a fire from the panel to portal-api, the relay board and the mailer, each app as its own user', async () => {
    panel.report(panel.model.setZone(1, 0, 'fire'));
    const db = environment.database.dataSource;
    await waitUntil(
      async () => (await db.getRepository(AlarmEntity).findBy({ hwaddr: HWADDR })).length > 0,
      'portal-api to store the alarm',
      30_000,
    );
    await waitUntil(() => board.switches.length > 0, 'the relay-worker to pulse the board', 30_000);
    expect(board.switches.map(({ at: _at, ...rest }) => rest)).toEqual([{ kind: 'relay', relay: 1, pulseMs: 1000 }]);
    // The mailer's fire consumer has taken it (asked with the mailer's own user and connection).
    const nats = mailer.app.get(NatsService);
    await waitUntil(async () => {
      const info = await nats.manager.consumers.info(
        nats.names.streams.panelEvents,
        nats.names.consumers.mailer('fire'),
      );
      return info.delivered.stream_seq >= 1 && info.num_pending === 0 && info.num_ack_pending === 0;
    }, 'the mailer to have taken the fire');
    // Every app did all of it within its permissions: no server refused anything.
    expect(secured.violations()).toEqual([]);
    // Clients and routes on TLS, users required.
    const varz = await secured.cluster.servers[0].monitor<{
      tls_required?: boolean;
      auth_required?: boolean;
      cluster?: { tls_required?: boolean };
    }>('/varz');
    expect([varz?.tls_required, varz?.auth_required, varz?.cluster?.tls_required]).toEqual([true, true, true]);
  });

  it('runs the restore replay as its own user, within its permissions', async () => {
    // The replay reads up to what portal-api's events consumer has acked (the fire's alarm may be
    // stored first, by the alarms lane).
    const nats = portal.app.get(NatsService);
    await waitUntil(async () => {
      const info = await nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.portalApi);
      return info.ack_floor.stream_seq >= 1 && info.num_ack_pending === 0;
    }, "portal-api's events consumer to have acked the fire");
    // After a restore (docs/backup-restore.md) an operator runs it with the restore-replay user.
    const context = await NestFactory.createApplicationContext(
      RestoreReplayModule.forRoot(
        loadRestoreReplayConfig({
          ...serviceVariables(environment, APP_DATABASE_ROLES.portalApi),
          ...secured.variables(NATS_RESTORE_REPLAY_USER),
          RELAY_SECRET_KEY: SECRET_KEY,
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(smtp.port),
        }),
      ),
      { logger: false },
    );
    try {
      // The database lost nothing here: the fire is read back from the stream and found stored.
      const outcome = await context.get(RestoreReplay).replay(new Date(Date.now() - 3_600_000));
      expect(outcome.read).toBeGreaterThanOrEqual(1);
      expect(outcome).toMatchObject({ stored: 0, alarms: 0 });
    } finally {
      await context.close();
    }
    expect(secured.violations()).toEqual([]);
  });

  it("refuses the mailer's user on the gateway's and portal-api's subjects", async () => {
    const names = natsNames(secured.prefix);
    const asMailer = await connectAs('mailer');
    expect(await refusal(asMailer, () => asMailer.publish(names.subjects.panelEvent(HWADDR, 'fire'), '{}'))).toMatch(
      /permissions violation for publish/i,
    );
    const listener = await connectAs('mailer');
    expect(await refusal(listener, () => listener.subscribe(names.subjects.panelCommand('*')))).toMatch(
      /permissions violation for subscription/i,
    );
    const requester = await connectAs('mailer');
    expect(
      await refusal(requester, () => requester.publish(names.subjects.panelCommand(HWADDR), '{"command":"silence"}')),
    ).toMatch(/permissions violation for publish/i);
    // Another app's replies cannot be read either.
    const snooper = await connectAs('mailer');
    expect(await refusal(snooper, () => snooper.subscribe(`${natsInboxPrefix('portal-api', names)}.>`))).toMatch(
      /permissions violation for subscription/i,
    );
    // The servers said so in their logs too, naming the user.
    await waitUntil(() => secured.violations().length >= 4, 'the four refusals logged');
    expect(secured.violations().every((line) => line.includes('mailer'))).toBe(true);
  });

  it('refuses a wrong password, and a client that does not trust the servers’ CA', async () => {
    await expect(connectAs('mailer', 'not-the-password')).rejects.toThrow(/authorization violation/i);
    await expect(
      connect({
        servers: secured.cluster.urls[0],
        user: 'mailer',
        pass: secured.password('mailer'),
        reconnect: false,
        timeout: 5000,
      }),
    ).rejects.toThrow();
  });
});
