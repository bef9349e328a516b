import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { ALERT_CATEGORIES, QUEUE_NAMES } from '@app/contracts';
import {
  EventEntity,
  MailDeliveryEntity,
  RelayActionRunEntity,
  WebhookAttemptEntity,
  WebhookDeliveryEntity,
} from '@app/database';
import { NatsService, QueueService } from '@app/messaging';
import { removeRedisPrefix } from '@app/messaging/testing';
import request from 'supertest';
import { localCertificate, waitUntil, WebhookReceiver, type LocalCertificate } from '@app/testing';
import { MailDeliverySweep } from '../../../mailer/src/deliveries/mail-delivery-sweep.service';
import { WebhookDeliverySweep } from '../../../mailer/src/webhooks/webhook-delivery-sweep.service';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import { RelayRunSweep } from '../../../relay-worker/src/jobs/relay-run-sweep.service';
import { FAST_RECORD_SWEEPS, saveFireRelayAction } from '../../../relay-worker/src/testing/relay-action.fixture';
import { startRelayWorkerTestApp } from '../../../relay-worker/src/testing/relay-worker-test-app';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import {
  authorisedSite,
  claimPanel,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

jest.setTimeout(120_000);

const PASSWORD = 'Redis loss relay key: 32 chars!!';
const SECRET_KEY = 'alarm-reactions-redis-loss-int-spec-secret';

/**
 * What an alarm owes is recorded in PostgreSQL before the alarm is acknowledged, so Redis losing the
 * queued work (an append-only file's last second, a failover to a replica behind, an operator's
 * flush) loses no reaction: a fire on a simulated panel → a real gateway → portal-api, with the
 * relay-worker (a relay simulator) and the mailer (an SMTP server, an HTTPS webhook receiver)
 * holding its jobs unstarted in paused queues; every key of the deployment's Redis is then deleted,
 * and each reaction is performed exactly once after all: one pulse, one mail per opted-in user, one
 * webhook message (its signature verified), none a possible repeat.
 */
describe('alarm reactions queued when Redis loses its data (real gateway, portal-api, relay-worker, mailer, relay board, SMTP server, HTTPS webhook receiver)', () => {
  let world: PortalWithPanels;
  let worker: INestApplication;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  const board = new RelaySimulator({ password: PASSWORD });
  let ann: TestUser;
  let bob: TestUser;
  let panel: SimulatedPanel;
  let actionId: number;
  let certificate: LocalCertificate;
  let receiver: WebhookReceiver;
  let webhookSecret = '';

  const db = () => world.portal.environment.database.dataSource;
  const relayQueue = () => worker.get(QueueService).queue(QUEUE_NAMES.relayActions);
  const mailQueue = () => mailer.app.get(QueueService).queue(QUEUE_NAMES.mail);
  const webhookQueue = () => mailer.app.get(QueueService).queue(QUEUE_NAMES.webhooks);

  beforeAll(async () => {
    certificate = localCertificate();
    receiver = new WebhookReceiver(certificate, () => webhookSecret);
    await receiver.start();
    world = await startPortalWithPanels({ WEBHOOK_ALLOWED_TARGETS: '127.0.0.1' });
    const { environment } = world.portal;
    await board.start();
    await smtp.start();
    worker = (
      await startRelayWorkerTestApp(environment, {
        RELAY_SECRET_KEY: SECRET_KEY,
        RELAY_ALLOWED_TARGETS: '127.0.0.1',
        ...FAST_RECORD_SWEEPS,
      })
    ).app;
    mailer = await startMailerTestApp(environment, smtp.port, {
      MAIL_RETRY_DELAY_MS: '100',
      WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
      WEBHOOK_CA_FILE: certificate.certFile,
      ...FAST_RECORD_SWEEPS,
    });
    ann = await registerUniqueUser(world.portal, 'Ann');
    bob = await registerUniqueUser(world.portal, 'Bob');
    panel = await authorisedSite(world, ann, { nickname: 'Depot', notify: true });
    await claimPanel(world.portal, bob, panel.hwaddr, '1234', { nickname: 'Depot too', notify: true });
    const webhook = await request(world.portal.server)
      .put(`/api/v2/sites/${panel.hwaddr}/webhook`)
      .set('Authorization', `Bearer ${await claimsTokenOf(world.portal, ann)}`)
      .send({ url: `${receiver.url}/depot` })
      .expect(200);
    webhookSecret = webhook.body.secret;
    actionId = await saveFireRelayAction(db(), {
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
    await receiver?.stop();
    certificate?.remove();
  });

  /** Jobs waiting to start, by priority or not. */
  async function unstarted(queue: Queue): Promise<number> {
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'active');
    expect(counts.active).toBe(0);
    return counts.waiting + counts.prioritized;
  }

  /** Every alert consumer of both apps has acked every event: what the fire owes is, by then, all they hold of it. */
  async function alarmsAcked(): Promise<void> {
    const nats = worker.get(NatsService);
    await waitUntil(async () => {
      const infos = await Promise.all(
        ALERT_CATEGORIES.flatMap((category) => [
          nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.relayWorker(category)),
          nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.mailer(category)),
          nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.webhooks(category)),
        ]),
      );
      return infos.every((info) => info.num_pending === 0 && info.num_ack_pending === 0);
    }, 'the fire acked by the relay-worker and the mailer');
  }

  it('performs each reaction of a fire exactly once after Redis lost the jobs before they started', async () => {
    // Jobs wait unstarted: a backlog, as during an alarm burst or behind a slow board.
    await Promise.all([relayQueue().pause(), mailQueue().pause(), webhookQueue().pause()]);
    panel.report(panel.model.setZone(1, 0, 'fire'));
    const fire = await waitUntil(
      () => db().getRepository(EventEntity).findOneBy({ hwaddr: panel.hwaddr, category: 'fire' }),
      'the fire stored',
    );
    await alarmsAcked();
    // Queued, none started.
    expect(await unstarted(relayQueue())).toBe(1);
    expect(await unstarted(mailQueue())).toBe(2);
    expect(await unstarted(webhookQueue())).toBe(1);
    // Owed before the ack: the run and both mails are recorded, none started.
    expect(await db().getRepository(RelayActionRunEntity).findBy({ hwaddr: panel.hwaddr, eventSeq: fire.seq })).toEqual(
      [expect.objectContaining({ relayActionId: actionId, status: 'pending', attempts: 0 })],
    );
    const owedMails = await db()
      .getRepository(MailDeliveryEntity)
      .find({ where: { hwaddr: panel.hwaddr, eventSeq: fire.seq }, order: { userId: 'ASC' } });
    expect(owedMails.map((mail) => [mail.userId, mail.status, mail.attempts]).sort()).toEqual(
      [
        [ann.id, 'queued', 0],
        [bob.id, 'queued', 0],
      ].sort(),
    );

    const messageId = `alarm-${panel.hwaddr}-${fire.seq}`;
    expect(await db().getRepository(WebhookDeliveryEntity).findBy({ hwaddr: panel.hwaddr, messageId })).toEqual([
      expect.objectContaining({ type: 'alarm.fire', state: 'owed', attempts: 0 }),
    ]);
    expect(receiver.received).toEqual([]);

    // Redis loses everything the deployment kept there (the paused flags included).
    await removeRedisPrefix(world.portal.environment.redisConfig.prefix);

    const [run] = await waitUntil(async () => {
      const runs = await db().getRepository(RelayActionRunEntity).findBy({ hwaddr: panel.hwaddr, eventSeq: fire.seq });
      return runs.length === 1 && runs[0].status === 'succeeded' ? runs : undefined;
    }, 'the run driven after all');
    expect(run).toMatchObject({ attempts: 1, possibleRepeats: 0, error: null });
    const sent = await waitUntil(async () => {
      const mails = await db().getRepository(MailDeliveryEntity).findBy({ hwaddr: panel.hwaddr, eventSeq: fire.seq });
      return mails.length === 2 && mails.every((mail) => mail.status === 'sent') ? mails : undefined;
    }, 'both mails sent after all');
    for (const mail of sent) expect(mail).toMatchObject({ attempts: 1, possibleRepeats: 0 });
    const delivered = await waitUntil(
      () =>
        db().getRepository(WebhookDeliveryEntity).findOneBy({ hwaddr: panel.hwaddr, messageId, state: 'delivered' }),
      'the webhook message delivered after all',
    );
    expect(delivered).toMatchObject({ attempts: 1, possibleRepeat: false });
    expect(await db().getRepository(WebhookAttemptEntity).findBy({ deliveryId: delivered.id })).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, error: null }),
    ]);

    // Exactly once: the sweeps that follow find nothing more to do.
    await waitUntil(
      async () =>
        (await relayQueue().getJobCounts('completed')).completed === 1 &&
        (await mailQueue().getJobCounts('completed')).completed === 2 &&
        (await webhookQueue().getJobCounts('completed')).completed === 1,
      'the re-added jobs completed',
    );
    await waitUntil(() => smtp.mails.length >= 2, 'the mails at the SMTP server');
    for (let pass = 0; pass < 2; pass++) {
      await worker.get(RelayRunSweep).sweep(Number(FAST_RECORD_SWEEPS.RECORD_SWEEP_AFTER_MS));
      await mailer.app.get(MailDeliverySweep).sweep();
      await mailer.app.get(WebhookDeliverySweep).sweep();
    }
    for (const queue of [relayQueue(), mailQueue(), webhookQueue()])
      expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
        prioritized: 0,
      });
    expect(board.switches.filter((change) => change.kind === 'relay')).toHaveLength(1);
    expect(
      smtp.mails
        .map((mail) => mail.recipients)
        .flat()
        .sort(),
    ).toEqual([ann, bob].map((user) => `${user.name.toLowerCase()}@example.com`).sort());
    expect(receiver.received.map((message) => [message.id, message.verified, message.payload?.type])).toEqual([
      [messageId, true, 'alarm.fire'],
    ]);
  });
});
