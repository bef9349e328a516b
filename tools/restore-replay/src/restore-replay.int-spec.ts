import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { generateVAPIDKeys } from 'web-push';
import {
  ALERT_CATEGORIES,
  escalationStepJobId,
  HANDLED_BEFORE_RESTORE,
  HANDLED_BEFORE_RESTORE_REASON,
  QUEUE_NAMES,
  type QueueName,
} from '@app/contracts';
import { NatsService, QueueService } from '@app/messaging';
import {
  createTestEnvironment,
  localCertificate,
  PushServiceStandIn,
  TestPushSubscriber,
  waitUntil,
  WebhookReceiver,
  type LocalCertificate,
  type TestEnvironment,
} from '@app/testing';
import { MailDeliverySweep } from '../../../apps/mailer/src/deliveries/mail-delivery-sweep.service';
import { EscalationStepSweep } from '../../../apps/mailer/src/escalations/escalation-step-sweep.service';
import { PushDeliverySweep } from '../../../apps/mailer/src/push/push-delivery-sweep.service';
import { startMailerTestApp, type MailerTestApp } from '../../../apps/mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../apps/mailer/src/testing/smtp-test-server';
import { WebhookDeliverySweep } from '../../../apps/mailer/src/webhooks/webhook-delivery-sweep.service';
import { startGateway, type StartedGateway } from '../../../apps/panel-gateway/src/testing/gateway-harness';
import {
  authorisedSite,
  claimsTokenOf,
  portalWithPanels,
  registerUniqueUser,
  type TestUser,
} from '../../../apps/portal-api/src/e2e/portal-panel-harness';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../../apps/portal-api/src/testing/portal-api-test-app';
import { RelayRunSweep } from '../../../apps/relay-worker/src/jobs/relay-run-sweep.service';
import { FAST_RECORD_SWEEPS, saveFireRelayAction } from '../../../apps/relay-worker/src/testing/relay-action.fixture';
import { startRelayWorkerTestApp } from '../../../apps/relay-worker/src/testing/relay-worker-test-app';
import type { SimulatedPanel } from '../../panel-simulator/src/simulated-panel';
import { RelaySimulator } from '../../relay-simulator/src/relay-simulator';
import { loadRestoreReplayConfig } from './restore-replay.config';
import { RestoreReplayModule } from './restore-replay.module';
import { RestoreReplay, type ReplayOutcome } from './restore-replay.service';
import { dumpDatabase, restoreDatabase } from './testing/database-dump.util';

jest.setTimeout(240_000);

const PASSWORD = 'Restore drill relay key: 32 char';
const SECRET_KEY = 'restore-replay-int-spec-secret-key';
/**
 * A policy minute lasts 200 ms: step 2 (after 1 minute) falls due at once and is taken before the
 * restore; step 3 (after 1440 minutes) falls due long after the test.
 */
const MINUTE_MS = '200';
/** The queues of the reactions that perform something; the escalation steps' is looked at apart (step 3 waits there). */
const EFFECT_QUEUES: QueueName[] = [QUEUE_NAMES.relayActions, QUEUE_NAMES.mail, QUEUE_NAMES.webhooks, QUEUE_NAMES.push];

/** What the far sides received: relay pulses, mails, webhook messages, pushes. */
interface Effects {
  pulses: number;
  mails: number;
  webhooks: number;
  pushes: number;
}

/**
 * The restore drill (docs/backup-restore.md): a site with a relay action, an opted-in user with a
 * phone and a webhook, on a simulated panel → a real gateway → portal-api, the relay-worker (a relay
 * board simulator) and the mailer (an SMTP server, an HTTPS webhook receiver, a push service). A fire
 * is handled; the database is dumped with pg_dump; more fires, a fault and a note follow, each
 * reaction performed once; the database is restored from the dump with pg_restore (the lost window's
 * events and records gone, as after a point-in-time restore), the apps started again, and the replay
 * run from before the dump: every event is stored again, every reaction of the replayed alarms is
 * recorded handled before the restore, and the board, the SMTP server, the receiver and the push
 * service get nothing more, even once every sweep has run; a second replay changes nothing.
 */
describe('restoring the database to a point and replaying PANEL_EVENTS from it (real PostgreSQL, NATS, Redis, gateway, portal-api, relay-worker, mailer, relay board, SMTP server, webhook receiver, push service)', () => {
  const vapid = generateVAPIDKeys();
  const smtp = new SmtpTestServer();
  const board = new RelaySimulator({ password: PASSWORD });
  const phone = new TestPushSubscriber();
  let certificate: LocalCertificate;
  let receiver: WebhookReceiver;
  let pushService: PushServiceStandIn;
  let environment: TestEnvironment;
  let variables: Record<string, string>;
  let portal: PortalApiTestApp | undefined;
  let worker: INestApplication | undefined;
  let mailer: MailerTestApp | undefined;
  let gateway: StartedGateway;
  let ann: TestUser;
  let panel: SimulatedPanel;
  let webhookSecret = '';
  let dumpFolder: string;
  let dumpedAt: Date;
  /** The panel's events as the dump holds them, and as they stood before the restore. */
  let eventsAtDump: EventRow[];
  let eventsBeforeRestore: EventRow[];
  let alarmsBeforeRestore: AlarmRow[];

  const db = () => environment.database.dataSource;
  const dumpFile = () => join(dumpFolder, 'portal.dump');
  const queue = (name: QueueName): Queue => portal!.app.get(QueueService).queue(name);

  beforeAll(async () => {
    certificate = localCertificate();
    receiver = new WebhookReceiver(certificate, () => webhookSecret);
    await receiver.start();
    pushService = new PushServiceStandIn(certificate);
    await pushService.start();
    await board.start();
    await smtp.start();
    dumpFolder = mkdtempSync(join(tmpdir(), 'restore-drill-'));
    environment = await createTestEnvironment({ migrate: false });
    // One set of variables for every app and for the replay, which reads all three apps' (as deployed);
    // every process signs in to PostgreSQL as the database's owner, which a restore drill runs as.
    variables = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: environment.databaseConfig.url,
      NATS_URL: environment.natsConfig.servers.join(','),
      NATS_PREFIX: environment.natsConfig.prefix,
      REDIS_URL: environment.redisConfig.url,
      REDIS_PREFIX: environment.redisConfig.prefix,
      PORTAL_HTTP_PORT: '3000',
      RELAY_WORKER_HTTP_PORT: '7702',
      MAILER_HTTP_PORT: '7703',
      ESCALATION_MINUTE_MS: MINUTE_MS,
      RELAY_SECRET_KEY: SECRET_KEY,
      RELAY_ALLOWED_TARGETS: '127.0.0.1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      PUBLIC_URL: 'https://portal.example.com',
      MAIL_FROM: 'Fire Alarm Portal <alarms@portal.example.com>',
      MAIL_RETRY_DELAY_MS: '100',
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_CA_FILE: certificate.certFile,
      WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_ALLOWED_TARGETS: '127.0.0.1',
      PUSH_CA_FILE: certificate.certFile,
      ...FAST_RECORD_SWEEPS,
    };
    await startApps();
    gateway = await startGateway(portal!.config.nats, {}, { url: environment.database.url });
    ann = await registerUniqueUser(portal!, 'Ann');
    panel = await authorisedSite(portalWithPanels(portal!, gateway), ann, { nickname: 'Depot', notify: true });
    const token = await claimsTokenOf(portal!, ann);
    const webhook = await request(portal!.server)
      .put(`/api/v2/sites/${panel.hwaddr}/webhook`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: `${receiver.url}/depot` })
      .expect(200);
    webhookSecret = webhook.body.secret;
    await request(portal!.server)
      .put(`/api/v2/sites/${panel.hwaddr}/escalation`)
      .set('Authorization', `Bearer ${token}`)
      .send({
        steps: [
          { afterMinutes: 1, audience: 'opted-in', channels: ['email', 'push'] },
          { afterMinutes: 1440, audience: 'opted-in', channels: ['email'] },
        ],
      })
      .expect(200);
    await request(portal!.server)
      .post('/api/v2/account/push/devices')
      .set('Authorization', `Bearer ${ann.session}`)
      .send({ ...phone.subscription(pushService.endpoint('ann-phone')), name: "Ann's phone" })
      .expect(200);
    await saveFireRelayAction(db(), {
      userId: ann.id,
      hwaddr: panel.hwaddr,
      port: board.port,
      password: PASSWORD,
      secretKey: SECRET_KEY,
      name: 'Depot sounder',
    });
  });

  afterAll(async () => {
    await panel?.stop();
    await stopApps();
    await gateway?.close();
    await environment?.cleanup();
    await board.stop();
    await smtp.stop();
    await receiver?.stop();
    await pushService?.stop();
    certificate?.remove();
    if (dumpFolder) rmSync(dumpFolder, { recursive: true, force: true });
  });

  async function startApps(): Promise<void> {
    portal = await startPortalApiTestApp(variables, { listen: true, environment });
    await startWorkers();
  }

  async function startWorkers(): Promise<void> {
    worker = (await startRelayWorkerTestApp(environment, variables)).app;
    mailer = await startMailerTestApp(environment, smtp.port, variables);
  }

  async function stopWorkers(): Promise<void> {
    await mailer?.close();
    await worker?.close();
    mailer = worker = undefined;
  }

  /** As for a restore: every app that writes to the database stopped (the gateway only reads its registry). */
  async function stopApps(): Promise<void> {
    await stopWorkers();
    await portal?.close();
    portal = undefined;
  }

  /** The replay as `npm run restore-replay -- --from …` runs it, on the same variables as the apps. */
  async function replay(from: Date): Promise<ReplayOutcome> {
    const context = await NestFactory.createApplicationContext(
      RestoreReplayModule.forRoot(loadRestoreReplayConfig(variables)),
      { logger: false },
    );
    try {
      return await context.get(RestoreReplay).replay(from);
    } finally {
      await context.close();
    }
  }

  const effects = (): Effects => ({
    pulses: board.switches.filter((change) => change.kind === 'relay').length,
    mails: smtp.mails.length,
    webhooks: receiver.received.length,
    pushes: pushService.received.length,
  });

  /** The far sides got at least `expected`: then what the test compares is whole. */
  async function effectsReached(expected: Effects): Promise<void> {
    await waitUntil(
      () => {
        const now = effects();
        return (Object.keys(expected) as Array<keyof Effects>).every((key) => now[key] >= expected[key]);
      },
      `the relay pulses, mails, webhook messages and pushes ${JSON.stringify(expected)}`,
    );
  }

  /** No reaction record left open and no escalation step due still owed: nothing for a sweep to pick up. */
  async function recordsClosed(): Promise<void> {
    await waitUntil(async () => {
      const [open] = await db().query<Array<{ open: number }>>(
        `SELECT (SELECT count(*) FROM relay_action_runs WHERE status = 'pending')
              + (SELECT count(*) FROM mail_deliveries WHERE status = 'queued')
              + (SELECT count(*) FROM push_deliveries WHERE status = 'queued')
              + (SELECT count(*) FROM webhook_deliveries WHERE state IN ('owed', 'sending', 'retrying'))
              + (SELECT count(*) FROM alarm_escalations WHERE status = 'owed' AND due_at <= now()) AS open`,
      );
      return Number(open.open) === 0;
    }, 'every reaction record closed');
  }

  /**
   * Every consumer of PANEL_EVENTS has acked every event: portal-api's (stored, alarms opened), and
   * unless `portalApiOnly` the relay-worker's and the mailer's (reactions recorded and queued). What
   * the replay takes up is what they acked: an event still theirs to handle they handle themselves.
   */
  async function eventsAcked(portalApiOnly = false): Promise<void> {
    const nats = portal!.app.get(NatsService);
    const { names } = nats;
    const consumers = [
      names.consumers.portalApi,
      ...ALERT_CATEGORIES.flatMap((category) => [
        names.consumers.portalApiAlarms(category),
        ...(portalApiOnly
          ? []
          : [
              names.consumers.relayWorker(category),
              names.consumers.mailer(category),
              names.consumers.webhooks(category),
              names.consumers.push(category),
            ]),
      ]),
    ];
    await waitUntil(async () => {
      const infos = await Promise.all(
        consumers.map((consumer) => nats.manager.consumers.info(names.streams.panelEvents, consumer)),
      );
      return infos.every((info) => info.num_pending === 0 && info.num_ack_pending === 0);
    }, 'every event acked by portal-api, the relay-worker and the mailer');
  }

  /** No job of a reaction waiting, running or held for a retry; and no escalation step waiting or running. */
  async function queuesIdle(): Promise<void> {
    await waitUntil(async () => {
      for (const name of EFFECT_QUEUES) {
        const counts = await queue(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).some((count) => count > 0)) return false;
      }
      const steps = await queue(QUEUE_NAMES.escalations).getJobCounts('waiting', 'active', 'prioritized');
      return Object.values(steps).every((count) => count === 0);
    }, 'the queues idle');
  }

  interface EventRow {
    seq: number;
    networkId: number;
    category: string;
    title: string;
    receivedAt: string;
    test: boolean;
  }

  /** The panel's events, ids left out (a restore gives them out again). */
  async function events(): Promise<EventRow[]> {
    const rows = await db().query<Array<EventRow & { seq: string }>>(
      `SELECT seq, network_id AS "networkId", category, title, received_at AS "receivedAt", test
       FROM events WHERE hwaddr = $1 ORDER BY seq`,
      [panel.hwaddr],
    );
    return rows.map((row) => ({ ...row, seq: Number(row.seq), receivedAt: new Date(row.receivedAt).toISOString() }));
  }

  interface AlarmRow {
    kind: string;
    networkId: number;
    events: number;
    openedAt: string;
    cleared: boolean;
    acknowledged: boolean;
  }

  async function alarms(): Promise<AlarmRow[]> {
    const rows = await db().query<AlarmRow[]>(
      `SELECT kind, network_id AS "networkId", events, opened_at AS "openedAt", cleared_at IS NOT NULL AS cleared,
         acknowledged_at IS NOT NULL AS acknowledged
       FROM alarms WHERE hwaddr = $1 ORDER BY opened_at, kind`,
      [panel.hwaddr],
    );
    return rows.map((row) => ({ ...row, openedAt: new Date(row.openedAt).toISOString() }));
  }

  /** Every row the replay may write, as it stands: what a second run must leave as it is. */
  async function replayedTables(): Promise<Record<string, unknown[]>> {
    const tables = [
      'events',
      'alarms',
      'alarm_timeline',
      'alarm_escalations',
      'alarm_test_marks',
      'relay_action_runs',
      'mail_deliveries',
      'push_deliveries',
      'webhook_deliveries',
      'notifications',
    ];
    const snapshot: Record<string, unknown[]> = {};
    for (const table of tables)
      snapshot[table] = await db().query(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY to_jsonb(t)::text`);
    return snapshot;
  }

  /** Every consumer of PANEL_EVENTS, with how far it was delivered and acked. */
  async function consumerPositions(): Promise<Array<[string, number, number]>> {
    const nats = portal!.app.get(NatsService);
    const positions: Array<[string, number, number]> = [];
    for await (const info of nats.manager.consumers.list(nats.names.streams.panelEvents))
      positions.push([info.name, info.delivered.stream_seq, info.ack_floor.stream_seq]);
    return positions.sort(([left], [right]) => left.localeCompare(right));
  }

  /** The fires and faults the lost window held (after the dump). */
  const lostAlarms = () =>
    eventsBeforeRestore.filter(
      (event) => !eventsAtDump.some((kept) => kept.seq === event.seq) && ['fire', 'fault'].includes(event.category),
    );

  it("performs a fire's reactions once, then takes a dump of the database", async () => {
    panel.report(panel.model.setZone(1, 0, 'fire'));
    // The relay pulse; the alert mail and step 2's; the webhook message; the alarm's push and step 2's.
    await effectsReached({ pulses: 1, mails: 2, webhooks: 1, pushes: 2 });
    await eventsAcked();
    await recordsClosed();
    dumpedAt = new Date();
    await dumpDatabase(environment.database.url, dumpFile());
    eventsAtDump = await events();
    expect(eventsAtDump.filter((event) => event.category === 'fire')).toHaveLength(1);
  });

  it('performs the reactions of the events after the dump once each', async () => {
    panel.report(panel.model.setZone(2, 0, 'fire'));
    panel.report(panel.model.setZone(1, 1, 'fault'));
    panel.report(panel.model.note(1, 'system', 'Door opened'));
    panel.report(panel.model.setZone(1, 0, 'fire'));
    // Two pulses (the fault drives nothing); three alert mails, pushes and webhook messages; the
    // new fire and fault alarms' step 2, a mail and a push each. The second fire on network 1 joins
    // the alarm opened before the dump.
    const expected = { pulses: 3, mails: 7, webhooks: 4, pushes: 7 };
    await effectsReached(expected);
    await waitUntil(async () => (await events()).length === eventsAtDump.length + 4, 'the four events stored');
    await eventsAcked();
    await recordsClosed();
    await queuesIdle();
    expect(effects()).toEqual(expected);
  });

  it('stores a fire while the relay-worker and the mailer are stopped, its reactions still owed', async () => {
    await stopWorkers();
    panel.report(panel.model.setZone(2, 1, 'fire'));
    await waitUntil(async () => (await events()).length === eventsAtDump.length + 5, 'the fire stored');
    await eventsAcked(true);
    eventsBeforeRestore = await events();
    alarmsBeforeRestore = await alarms();
    expect(lostAlarms().map((event) => event.category)).toEqual(['fire', 'fault', 'fire', 'fire']);
    // The second fire on each network joined its active alarm.
    expect(alarmsBeforeRestore.map((alarm) => [alarm.kind, alarm.networkId, alarm.events])).toEqual([
      ['fire', 1, 2],
      ['fire', 2, 2],
      ['fault', 1, 1],
    ]);
  });

  it('stores every event again after the restore, records the replayed reactions handled and performs none again', async () => {
    await stopApps();
    await restoreDatabase(environment.database.url, dumpFile());
    // The restore took the database back to the dump: the lost window's events are gone.
    expect(await events()).toEqual(eventsAtDump);
    // portal-api first (it migrates), the replay, then the relay-worker and the mailer.
    portal = await startPortalApiTestApp(variables, { listen: true, environment });

    // From a minute before the dump's time, as the runbook says: what the dump holds is left as it is.
    const outcome = await replay(new Date(dumpedAt.getTime() - 60_000));
    // The last fire's four channels are left to the relay-worker and the mailer, which never acked it.
    expect(outcome).toEqual({ read: eventsBeforeRestore.length, stored: 5, alarms: 4, leftToApps: 4, refused: [] });
    expect(await events()).toEqual(eventsBeforeRestore);
    expect(await alarms()).toEqual(alarmsBeforeRestore);

    const [fireB, fault, fireC, fireE] = lostAlarms().map((event) => event.seq);
    const lost = [fireB, fault, fireC];
    const handled = { status: HANDLED_BEFORE_RESTORE, attempts: 0, error: HANDLED_BEFORE_RESTORE_REASON };
    const runs = await db().query(
      `SELECT event_seq::int AS seq, status, attempts, error FROM relay_action_runs
       WHERE hwaddr = $1 AND event_seq = ANY($2) ORDER BY event_seq`,
      [panel.hwaddr, lost],
    );
    // The fault drives nothing: it owed no run.
    expect(runs).toEqual([lost[0], lost[2]].map((seq) => ({ seq, ...handled })));
    const mails = await db().query(
      `SELECT event_seq::int AS seq, user_id AS "userId", status, attempts, error FROM mail_deliveries
       WHERE hwaddr = $1 AND kind = 'event-alert' AND event_seq = ANY($2) ORDER BY event_seq`,
      [panel.hwaddr, lost],
    );
    expect(mails).toEqual(lost.map((seq) => ({ seq, userId: ann.id, ...handled })));
    const pushes = await db().query(
      `SELECT event_seq::int AS seq, status, attempts, error FROM push_deliveries
       WHERE hwaddr = $1 AND event_seq = ANY($2) ORDER BY event_seq`,
      [panel.hwaddr, lost],
    );
    expect(pushes).toEqual(lost.map((seq) => ({ seq, ...handled })));
    const webhooks = await db().query(
      `SELECT message_id AS "messageId", state, attempts, reason FROM webhook_deliveries
       WHERE hwaddr = $1 AND message_id = ANY($2) ORDER BY created_at, message_id`,
      [panel.hwaddr, lost.map((seq) => `alarm-${panel.hwaddr}-${seq}`)],
    );
    expect(webhooks.map((row: { messageId: string }) => row.messageId).sort()).toEqual(
      lost.map((seq) => `alarm-${panel.hwaddr}-${seq}`).sort(),
    );
    for (const row of webhooks)
      expect(row).toMatchObject({ state: HANDLED_BEFORE_RESTORE, attempts: 0, reason: HANDLED_BEFORE_RESTORE_REASON });

    // The alarms the replay opened: step 2, taken before the restore, recorded handled; step 3, not
    // yet due, owed and held in Redis until it is.
    const steps = await db().query<Array<{ alarmId: string; step: number; status: string; reason: string | null }>>(
      `SELECT e.alarm_id AS "alarmId", e.step, e.status, e.reason FROM alarm_escalations e
       JOIN alarms a ON a.id = e.alarm_id
       WHERE a.hwaddr = $1 AND NOT (a.kind = 'fire' AND a.network_id = 1) ORDER BY a.opened_at, e.step`,
      [panel.hwaddr],
    );
    expect(steps.map(({ step, status, reason }) => ({ step, status, reason }))).toEqual([
      { step: 2, status: HANDLED_BEFORE_RESTORE, reason: HANDLED_BEFORE_RESTORE_REASON },
      { step: 3, status: 'owed', reason: null },
      { step: 2, status: HANDLED_BEFORE_RESTORE, reason: HANDLED_BEFORE_RESTORE_REASON },
      { step: 3, status: 'owed', reason: null },
    ]);
    for (const step of steps.filter((candidate) => candidate.step === 3))
      expect(await queue(QUEUE_NAMES.escalations).getJobState(escalationStepJobId(Number(step.alarmId), 3))).toBe(
        'delayed',
      );

    // The new fire alarm's timeline tells the mail, the push and step 2 as handled before the restore.
    const fireAlarm = steps[0].alarmId;
    const detail = await request(portal!.server)
      .get(`/api/v2/alarms/${fireAlarm}`)
      .set('Authorization', `Bearer ${await claimsTokenOf(portal!, ann)}`)
      .expect(200);
    expect(
      (detail.body.timeline as Array<{ change: string; text: string }>)
        .filter((entry) => entry.change === HANDLED_BEFORE_RESTORE)
        .map((entry) => entry.text)
        .sort(),
    ).toEqual(
      [
        `E-mail to ${ann.name}: ${HANDLED_BEFORE_RESTORE_REASON}`,
        `Push to ${ann.name}'s Ann's phone: ${HANDLED_BEFORE_RESTORE_REASON}`,
        `Step 2: ${HANDLED_BEFORE_RESTORE_REASON}`,
      ].sort(),
    );

    // The fire the relay-worker and the mailer never acked owes its reactions still: nothing recorded.
    for (const table of ['relay_action_runs', 'mail_deliveries', 'push_deliveries'])
      expect(
        await db().query(`SELECT 1 FROM ${table} WHERE hwaddr = $1 AND event_seq = $2`, [panel.hwaddr, fireE]),
      ).toEqual([]);
    expect(
      await db().query(`SELECT 1 FROM webhook_deliveries WHERE message_id = $1`, [`alarm-${panel.hwaddr}-${fireE}`]),
    ).toEqual([]);

    // Back, they perform that fire's reactions, once, and nothing of the replayed ones.
    await startWorkers();
    const expected = { pulses: 4, mails: 8, webhooks: 5, pushes: 8 };
    await effectsReached(expected);
    await eventsAcked();
    await recordsClosed();
    expect(
      await db().query(`SELECT status, attempts FROM relay_action_runs WHERE hwaddr = $1 AND event_seq = $2`, [
        panel.hwaddr,
        fireE,
      ]),
    ).toEqual([{ status: 'succeeded', attempts: 1 }]);

    // Every sweep of the apps, over every record whatever its age: none finds anything to perform.
    await worker!.get(RelayRunSweep).sweep(0);
    await mailer!.app.get(MailDeliverySweep).sweep(0);
    await mailer!.app.get(WebhookDeliverySweep).sweep(0);
    await mailer!.app.get(PushDeliverySweep).sweep(0);
    await mailer!.app.get(EscalationStepSweep).sweep(0);
    await queuesIdle();
    expect(effects()).toEqual(expected);
  });

  it('changes nothing when run a second time, nor the positions of the apps on the stream', async () => {
    const before = await replayedTables();
    const positions = await consumerPositions();
    const outcome = await replay(new Date(dumpedAt.getTime() - 60_000));
    expect(outcome).toEqual({ read: eventsBeforeRestore.length, stored: 0, alarms: 0, leftToApps: 0, refused: [] });
    expect(await replayedTables()).toEqual(before);
    // The replay's own consumer is gone, and the apps' durable consumers are where they were.
    expect(await consumerPositions()).toEqual(positions);
    await queuesIdle();
    expect(effects()).toEqual({ pulses: 4, mails: 8, webhooks: 5, pushes: 8 });
  });
});
