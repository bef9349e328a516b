import type { INestApplication } from '@nestjs/common';
import { QUEUE_NAMES, type RelayTriggerSettings } from '@app/contracts';
import { EventEntity, MailDeliveryEntity, RelayActionEntity, RelayActionRunEntity, RelayEntity } from '@app/database';
import { QueueService } from '@app/messaging';
import { RedisSentinelSet } from '../../../../libs/messaging/src/testing/redis-sentinel-set';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { waitUntil } from '@app/testing';
import { MailDeliverySweep } from '../../../mailer/src/deliveries/mail-delivery-sweep.service';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import { RelayRunSweep } from '../../../relay-worker/src/jobs/relay-run-sweep.service';
import { startRelayWorkerTestApp } from '../../../relay-worker/src/testing/relay-worker-test-app';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import {
  authorisedSite,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
} from './portal-panel-harness';

jest.setTimeout(180_000);

const PASSWORD = 'Redis failover relay key: 32 ch!';
const SECRET_KEY = 'alarm-reactions-redis-failover-int-spec-secret';
const ON_FIRE: RelayTriggerSettings = { relay_1: 1, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
const NOTHING: RelayTriggerSettings = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
/** Sweeps as often as the configuration allows: a job the old primary took and never passed on is queued again in seconds. */
const SWEEP = { RECORD_SWEEP_AFTER_MS: '1000', RECORD_SWEEP_INTERVAL_MS: '200' };
/** Fires of the burst: the failover starts after the first few are stored. */
const FIRES = 10;
const FIRES_BEFORE_FAILOVER = 3;

/**
 * A self-hosted Redis failing over during a burst of alarms (docs/operations.md, "Redis"): portal-api,
 * the relay-worker and the mailer reach the primary through its three sentinels; fires on a simulated
 * panel, through a real gateway, owe a relay pulse and a mail each; the primary is failed over to its
 * replica while they are being handled. Jobs the old primary had taken and the replica had not (its
 * replication is asynchronous) are found again from their owed records: every pulse and every mail is
 * performed, once.
 */
describe('alarm reactions while Redis fails over (sentinels; real gateway, portal-api, relay-worker, mailer, relay board, SMTP server)', () => {
  let redis: RedisSentinelSet;
  let world: PortalWithPanels;
  let worker: INestApplication;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  const board = new RelaySimulator({ password: PASSWORD });
  let panel: SimulatedPanel;
  let email = '';

  const db = () => world.portal.environment.database.dataSource;

  beforeAll(async () => {
    redis = await RedisSentinelSet.start();
    const sentinels = redis.redisConfig('unused').sentinels.map(({ host, port }) => `${host}:${port}`);
    // Every app reaches Redis through the sentinels only: the URL names no server.
    const throughSentinels = {
      REDIS_URL: 'redis://127.0.0.1:1',
      REDIS_SENTINELS: sentinels.join(','),
      REDIS_SENTINEL_NAME: redis.name,
    };
    world = await startPortalWithPanels(throughSentinels);
    const { environment } = world.portal;
    await board.start();
    await smtp.start();
    worker = (
      await startRelayWorkerTestApp(environment, {
        ...throughSentinels,
        RELAY_SECRET_KEY: SECRET_KEY,
        RELAY_ALLOWED_TARGETS: '127.0.0.1',
        ...SWEEP,
      })
    ).app;
    mailer = await startMailerTestApp(environment, smtp.port, {
      ...throughSentinels,
      MAIL_RETRY_DELAY_MS: '100',
      ...SWEEP,
    });
    const ann = await registerUniqueUser(world.portal, 'Ann');
    email = `${ann.name.toLowerCase()}@example.com`;
    panel = await authorisedSite(world, ann, { nickname: 'Depot', notify: true });
    const relay = await db()
      .getRepository(RelayEntity)
      .save({
        userId: ann.id,
        name: 'Depot strobe',
        host: '127.0.0.1',
        port: board.port,
        passwordEncrypted: new RelayPasswordCipher(SECRET_KEY).encrypt(PASSWORD),
      });
    await db()
      .getRepository(RelayActionEntity)
      .save({ relayId: relay.id, hwaddr: panel.hwaddr, onFire: ON_FIRE, onFault: NOTHING });
  });

  afterAll(async () => {
    await mailer?.close();
    await worker?.close();
    await world?.close();
    await board.stop();
    await smtp.stop();
    await redis?.stop();
  });

  const firesStored = () => db().getRepository(EventEntity).countBy({ hwaddr: panel.hwaddr, category: 'fire' });
  /** A fire on one of the panel's zones, cleared at once so that the zone can be in fire again. */
  const fire = (n: number) => {
    panel.report(panel.model.setZone(1, n % 6, 'fire'));
    panel.report(panel.model.setZone(1, n % 6, 'normal'));
  };

  it('performs every relay pulse and every mail of a burst of fires once, across the failover', async () => {
    const primaryBefore = await redis.primaryPort();
    for (let n = 0; n < FIRES_BEFORE_FAILOVER; n++) fire(n);
    await waitUntil(async () => (await firesStored()) === FIRES_BEFORE_FAILOVER, 'the first fires stored');
    // The rest of the burst arrives while the sentinels move the primary.
    const failover = redis.failover();
    for (let n = FIRES_BEFORE_FAILOVER; n < FIRES; n++) fire(n);
    expect(await failover).not.toBe(primaryBefore);
    await waitUntil(async () => (await firesStored()) === FIRES, 'every fire stored', 60_000);

    const runs = await waitUntil(
      async () => {
        const all = await db().getRepository(RelayActionRunEntity).findBy({ hwaddr: panel.hwaddr });
        return all.length === FIRES && all.every((run) => run.status === 'succeeded') ? all : undefined;
      },
      'a relay run succeeded for every fire',
      90_000,
    );
    const mails = await waitUntil(
      async () => {
        const all = await db().getRepository(MailDeliveryEntity).findBy({ hwaddr: panel.hwaddr });
        return all.length === FIRES && all.every((mail) => mail.status === 'sent') ? all : undefined;
      },
      'a mail sent for every fire',
      90_000,
    );
    await waitUntil(() => smtp.mails.length >= FIRES, 'the mails at the SMTP server');

    // Once: the sweeps that follow find nothing more to do, and no queue holds more work.
    for (let pass = 0; pass < 2; pass++) {
      await worker.get(RelayRunSweep).sweep(Number(SWEEP.RECORD_SWEEP_AFTER_MS));
      await mailer.app.get(MailDeliverySweep).sweep();
    }
    for (const queue of [
      worker.get(QueueService).queue(QUEUE_NAMES.relayActions),
      mailer.app.get(QueueService).queue(QUEUE_NAMES.mail),
    ])
      await waitUntil(async () => {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(counts).every((count) => count === 0);
      }, `queue ${queue.name} empty`);
    expect(board.switches.filter((change) => change.kind === 'relay')).toHaveLength(FIRES);
    expect(smtp.mails.flatMap((mail) => mail.recipients)).toEqual(Array.from({ length: FIRES }, () => email));
    for (const run of runs) expect(run).toMatchObject({ possibleRepeats: 0, error: null });
    for (const mail of mails) expect(mail).toMatchObject({ possibleRepeats: 0 });
  });
});
