import type { INestApplication } from '@nestjs/common';
import { QUEUE_NAMES } from '@app/contracts';
import { EventEntity, MailDeliveryEntity, RelayActionRunEntity } from '@app/database';
import { QueueService } from '@app/messaging';
import { RedisSentinelSet } from '../../../../libs/messaging/src/testing/redis-sentinel-set';
import { waitUntil } from '@app/testing';
import { MailDeliverySweep } from '../../../mailer/src/deliveries/mail-delivery-sweep.service';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import { RelayRunSweep } from '../../../relay-worker/src/jobs/relay-run-sweep.service';
import { FAST_RECORD_SWEEPS, saveFireRelayAction } from '../../../relay-worker/src/testing/relay-action.fixture';
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
        ...FAST_RECORD_SWEEPS,
      })
    ).app;
    mailer = await startMailerTestApp(environment, smtp.port, {
      ...throughSentinels,
      MAIL_RETRY_DELAY_MS: '100',
      ...FAST_RECORD_SWEEPS,
    });
    const ann = await registerUniqueUser(world.portal, 'Ann');
    email = `${ann.name.toLowerCase()}@example.com`;
    panel = await authorisedSite(world, ann, { nickname: 'Depot', notify: true });
    await saveFireRelayAction(db(), {
      userId: ann.id,
      hwaddr: panel.hwaddr,
      port: board.port,
      password: PASSWORD,
      secretKey: SECRET_KEY,
      name: 'Depot strobe',
    });
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
      await worker.get(RelayRunSweep).sweep(Number(FAST_RECORD_SWEEPS.RECORD_SWEEP_AFTER_MS));
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
