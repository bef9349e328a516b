import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { QUEUE_NAMES, relayJobId, type EventsPage, type RelayTriggerSettings, type SiteSummary } from '@app/contracts';
import {
  EventEntity,
  MailDeliveryEntity,
  RelayActionEntity,
  RelayActionRunEntity,
  RelayEntity,
  SiteTestModeEntity,
} from '@app/database';
import { QueueService } from '@app/messaging';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { waitUntil } from '@app/testing';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import { startRelayWorkerTestApp } from '../../../relay-worker/src/testing/relay-worker-test-app';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import {
  authorisedSite,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

jest.setTimeout(120_000);

const PASSWORD = 'Test mode relay key: 32 chars!!!';
const SECRET_KEY = 'test-mode-alarms-int-spec-secret-key-01234';
const ON_FIRE: RelayTriggerSettings = { relay_1: 1, relay_2: 0, io_1: true, io_2: false, io_3: false, io_4: false };
const NOTHING: RelayTriggerSettings = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };

/** A site of the world: its simulated panel and the board its relay action drives on a fire. */
interface AlarmSite {
  panel: SimulatedPanel;
  hwaddr: string;
  board: RelaySimulator;
  actionId: number;
}

/**
 * Test mode on the whole alarm path: simulated panels → a real gateway → portal-api (stores and
 * marks), the relay-worker (relay simulators) and the mailer (an SMTP server). A fire of a site in
 * test mode is stored and shown marked as test, pulses no relay and sends no mail, both recorded as
 * suppressed with the reason; another site's fire meanwhile pulses and mails as always; and once
 * the test mode ends by itself, the site's fires pulse and mail again.
 */
describe('a fire during test mode (real gateway, portal-api, relay-worker, mailer, relay boards, SMTP server)', () => {
  let world: PortalWithPanels;
  let worker: INestApplication;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  const boards: RelaySimulator[] = [];
  let ann: TestUser;
  let annToken: string;
  let socket: LivefeedTestClient;
  let depot: AlarmSite;
  let office: AlarmSite;

  const db = () => world.portal.environment.database.dataSource;

  async function alarmSite(nickname: string): Promise<AlarmSite> {
    const board = new RelaySimulator({ password: PASSWORD });
    boards.push(board);
    await board.start();
    const panel = await authorisedSite(world, ann, { nickname, notify: true });
    const relay = await db()
      .getRepository(RelayEntity)
      .save({
        userId: ann.id,
        name: `${nickname} strobe`,
        host: '127.0.0.1',
        port: board.port,
        passwordEncrypted: new RelayPasswordCipher(SECRET_KEY).encrypt(PASSWORD),
      });
    const action = await db()
      .getRepository(RelayActionEntity)
      .save({ relayId: relay.id, hwaddr: panel.hwaddr, onFire: ON_FIRE, onFault: NOTHING });
    return { panel, hwaddr: panel.hwaddr, board, actionId: action.id };
  }

  /** A fire on zone `zone` of the site's panel, once stored by portal-api. */
  async function fire(site: AlarmSite, zone: number): Promise<EventEntity> {
    const before = await db().getRepository(EventEntity).countBy({ hwaddr: site.hwaddr, category: 'fire' });
    site.panel.report(site.panel.model.setZone(1, zone, 'fire'));
    return waitUntil(async () => {
      const fires = await db()
        .getRepository(EventEntity)
        .find({ where: { hwaddr: site.hwaddr, category: 'fire' }, order: { id: 'ASC' } });
      return fires.length > before ? fires.at(-1) : undefined;
    }, `the fire of ${site.hwaddr} stored`);
  }

  const runsOf = (hwaddr: string, seq: number) =>
    db().getRepository(RelayActionRunEntity).findBy({ hwaddr, eventSeq: seq });
  const deliveriesOf = (hwaddr: string, seq: number) =>
    db().getRepository(MailDeliveryEntity).findBy({ hwaddr, eventSeq: seq });
  const mailsTo = (subjectPart: string) => smtp.mails.filter((mail) => mail.subject.includes(subjectPart));
  const switchesOf = (board: RelaySimulator) => board.switches.map(({ at: _at, ...rest }) => rest);

  async function tile(hwaddr: string): Promise<SiteSummary> {
    const sites = (await request(world.portal.server).get('/api/v2/sites').set('Authorization', `Bearer ${annToken}`))
      .body as SiteSummary[];
    return sites.find((site) => site.hwaddr === hwaddr)!;
  }

  /** A fire's relay run and mail, once both are recorded; the board's switches and the mails then. */
  async function outcomeOf(
    site: AlarmSite,
    seq: number,
    status: 'succeeded' | 'suppressed',
    mail: 'sent' | 'suppressed',
  ) {
    const [run] = await waitUntil(async () => {
      const runs = await runsOf(site.hwaddr, seq);
      return runs.length === 1 && runs[0].status === status ? runs : undefined;
    }, `the run of ${site.hwaddr}'s fire ${seq} to be ${status}`);
    const [delivery] = await waitUntil(async () => {
      const deliveries = await deliveriesOf(site.hwaddr, seq);
      return deliveries.length === 1 && deliveries[0].status === mail ? deliveries : undefined;
    }, `the mail of ${site.hwaddr}'s fire ${seq} to be ${mail}`);
    return { run, delivery };
  }

  beforeAll(async () => {
    world = await startPortalWithPanels({ TEST_MODE_SWEEP_INTERVAL_MS: '200' });
    const { environment } = world.portal;
    worker = (
      await startRelayWorkerTestApp(environment, { RELAY_SECRET_KEY: SECRET_KEY, RELAY_ALLOWED_TARGETS: '127.0.0.1' })
    ).app;
    await smtp.start();
    mailer = await startMailerTestApp(environment, smtp.port, { MAIL_RETRY_DELAY_MS: '100' });
    ann = await registerUniqueUser(world.portal, 'Ann');
    depot = await alarmSite('Depot');
    office = await alarmSite('Office');
    annToken = await claimsTokenOf(world.portal, ann);
    socket = await LivefeedTestClient.connect(world.portal.port!);
    await socket.waitFor((message) => message.type === 'INIT', 'INIT');
    socket.sendToken(annToken);
    await socket.waitFor((message) => message.type === 'Heartbeat', 'the first Heartbeat');
  });

  afterAll(async () => {
    socket?.close();
    await mailer?.close();
    await worker?.close();
    await world?.close();
    await Promise.all(boards.map((board) => board.stop()));
    await smtp.stop();
  });

  it("stores and shows the site's fire marked as test, pulses nothing and mails no one, both recorded as suppressed", async () => {
    await request(world.portal.server)
      .post(`/api/v2/sites/${depot.hwaddr}/test-mode`)
      .set('Authorization', `Bearer ${annToken}`)
      .send({ minutes: 60, reason: 'Detector tests' })
      .expect(200);

    const stored = await fire(depot, 0);
    expect(stored.test).toBe(true);
    const { run, delivery } = await outcomeOf(depot, stored.seq, 'suppressed', 'suppressed');
    expect(run).toMatchObject({
      relayActionId: depot.actionId,
      trigger: 'fire',
      attempts: 0,
      error: 'Suppressed: site in test mode (Detector tests)',
    });
    expect(delivery).toMatchObject({
      kind: 'event-alert',
      userId: ann.id,
      attempts: 0,
      sentAt: null,
      error: 'Suppressed: site in test mode (Detector tests)',
    });

    // Shown with its mark: in the events list and live.
    const page = (
      await request(world.portal.server)
        .get(`/api/v2/sites/${depot.hwaddr}/events`)
        .set('Authorization', `Bearer ${annToken}`)
        .expect(200)
    ).body as EventsPage;
    expect(page.events.find((event) => event.id === stored.id)).toMatchObject({ category: 'fire', test: true });
    const live = await socket.waitFor(
      (message) => message.type === 'LogEvent' && message.data.id === stored.id,
      'the fire, live',
    );
    expect(live.data).toMatchObject({ category: 'fire', test: true });

    // Another site's fire meanwhile: pulsed and mailed as always, and not marked.
    const other = await fire(office, 0);
    expect(other.test).toBe(false);
    await outcomeOf(office, other.seq, 'succeeded', 'sent');
    await waitUntil(() => mailsTo('Office').length === 1, "the Office fire's mail");
    expect(switchesOf(office.board)).toEqual([
      { kind: 'relay', relay: 1, pulseMs: 1000 },
      { kind: 'io', io: 1, on: true },
    ]);

    // The Depot's fire drove nothing: its board saw no command, no job was queued, no mail went out.
    expect(depot.board.switches).toEqual([]);
    const queued = await worker.get(QueueService).queue(QUEUE_NAMES.relayActions).getJobs();
    expect(queued.map((job) => job.id)).not.toContain(relayJobId(depot.hwaddr, stored.seq, depot.actionId));
    expect(mailsTo('Depot')).toEqual([]);
    expect(smtp.mails).toHaveLength(1);
  });

  it('ends by itself when its time is up: the next fire pulses and mails, unmarked', async () => {
    expect((await tile(depot.hwaddr)).testMode).toMatchObject({ startedBy: ann.name, reason: 'Detector tests' });
    // As if the hour had passed.
    const until = new Date(Date.now() - 1000);
    await db()
      .getRepository(SiteTestModeEntity)
      .update({ hwaddr: depot.hwaddr }, { startedAt: new Date(until.getTime() - 3_600_000), until });
    await socket.waitFor(
      (message) =>
        message.type === 'TestMode' && message.data.hwaddr === depot.hwaddr && message.data.testMode === null,
      'the ended live message',
    );
    expect((await tile(depot.hwaddr)).testMode).toBeNull();

    const stored = await fire(depot, 1);
    expect(stored.test).toBe(false);
    await outcomeOf(depot, stored.seq, 'succeeded', 'sent');
    await waitUntil(() => mailsTo('Depot').length === 1, "the Depot fire's mail");
    expect(switchesOf(depot.board)).toEqual([
      { kind: 'relay', relay: 1, pulseMs: 1000 },
      { kind: 'io', io: 1, on: true },
    ]);
  });
});
