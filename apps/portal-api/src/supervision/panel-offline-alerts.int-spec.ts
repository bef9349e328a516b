import { formatEventTime, QUEUE_NAMES } from '@app/contracts';
import { QueueService } from '@app/messaging';
import { waitUntil } from '@app/testing';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import {
  authorisedSite,
  claimPanel,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from '../e2e/portal-panel-harness';
import { emailOf, notificationsOf, OfflineAlertProbe, tileOf } from './testing/offline-alert-probe';

jest.setTimeout(120_000);

const DELAY_S = 60;
const INTERVAL_S = 600;

interface OutageSite {
  panel: SimulatedPanel;
  hwaddr: string;
  /** E-mails on. */
  ann: TestUser;
  annToken: string;
  /** E-mails off. */
  bob: TestUser;
  bobToken: string;
}

/**
 * The delay is long and portal-api's clock is moved past it when a test wants a loss reported, so
 * that nothing depends on how long the machine takes. The clock only moves forward: a loss recorded
 * after the first move is due at once, so the test of a panel back within the delay comes first.
 */
describe("'Panel communication lost' (real PostgreSQL, NATS, Redis, gateway, mailer and SMTP server)", () => {
  let world: PortalWithPanels;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  let probe: OfflineAlertProbe;

  beforeAll(async () => {
    world = await startPortalWithPanels({
      PANEL_OFFLINE_ALERT_DELAY_S: String(DELAY_S),
      PANEL_OFFLINE_ALERT_MIN_INTERVAL_S: String(INTERVAL_S),
      PANEL_OFFLINE_SWEEP_INTERVAL_MS: '200',
    });
    await smtp.start();
    mailer = await startMailerTestApp(world.portal.environment, smtp.port, { MAIL_RETRY_DELAY_MS: '100' });
    probe = new OfflineAlertProbe(world.portal.environment.database.dataSource, mailer.app.get(QueueService), smtp);
  });

  afterAll(async () => {
    await mailer?.close();
    await world?.close();
    await smtp.stop();
  });

  /** A connected panel of its own, named Depot by Ann, who has e-mails on, and claimed by Bob, who has them off. */
  async function outageSite(): Promise<OutageSite> {
    const ann = await registerUniqueUser(world.portal, 'Ann');
    const bob = await registerUniqueUser(world.portal, 'Bob');
    const panel = await authorisedSite(world, ann, { nickname: 'Depot', notify: true });
    await claimPanel(world.portal, bob, panel.hwaddr, '1234', { notify: false });
    return {
      panel,
      hwaddr: panel.hwaddr,
      ann,
      annToken: await claimsTokenOf(world.portal, ann),
      bob,
      bobToken: await claimsTokenOf(world.portal, bob),
    };
  }

  /** Stops the panel and moves portal-api's clock past the delay: its new loss gets reported. */
  async function stopPastDelay({ panel, hwaddr }: OutageSite): Promise<void> {
    const before = (await probe.outages(hwaddr)).length;
    await panel.stop();
    await waitUntil(async () => (await probe.outages(hwaddr)).length === before + 1, 'the loss recorded', 30_000);
    world.portal.clock.advance(DELAY_S + 1);
    await waitUntil(
      async () => (await probe.outages(hwaddr))[before].status === 'reported',
      'the loss reported',
      30_000,
    );
  }

  /** Starts the panel again and waits until its open loss is restored. */
  async function bringBack({ panel, hwaddr }: OutageSite): Promise<void> {
    panel.start();
    await waitUntil(
      async () => (await probe.outages(hwaddr)).every((outage) => outage.status === 'restored'),
      'the loss restored',
      30_000,
    );
  }

  it('reports nothing for a panel back within the delay; its tile says the connection is lost meanwhile', async () => {
    const site = await outageSite();
    await site.panel.stop();
    await probe.waitForOutages(site.hwaddr, ['pending']);
    const [pending] = await probe.outages(site.hwaddr);
    expect(await tileOf(world.portal, site.annToken, site.hwaddr)).toMatchObject({
      connectionLostSince: pending.lostAt.toISOString(),
      offlineSince: null,
    });
    site.panel.start();
    // The connection settles the loss: later passes, past the delay, have nothing to report.
    await probe.waitForOutages(site.hwaddr, ['cancelled']);
    expect(await notificationsOf(world.portal, site.annToken, site.hwaddr)).toEqual([]);
    expect(await tileOf(world.portal, site.annToken, site.hwaddr)).toMatchObject({
      offlineSince: null,
      connectionLostSince: null,
    });
  });

  it('reports a panel stopped past the delay once, to every user, and mails the opted-in ones; back, once more', async () => {
    const site = await outageSite();
    await stopPastDelay(site);
    const [loss] = await probe.outages(site.hwaddr);
    const since = formatEventTime(loss.lostAt);

    for (const token of [site.annToken, site.bobToken]) {
      expect(await notificationsOf(world.portal, token, site.hwaddr)).toEqual([
        expect.objectContaining({
          notification_type: 'PANEL_OFFLINE',
          title: 'Panel communication lost',
          text: `No communication with the panel since ${since} (UTC).`,
          resolved_by: null,
          notification_data: expect.objectContaining({ lost_at: loss.lostAt.toISOString(), losses: 1 }),
        }),
      ]);
      expect(await tileOf(world.portal, token, site.hwaddr)).toMatchObject({
        offlineSince: loss.lostAt.toISOString(),
        connectionLostSince: null,
      });
    }
    await probe.mailsSettled();
    const [lost] = probe.mails(emailOf(site.ann), 'lost');
    expect(probe.mails(emailOf(site.ann), 'lost')).toHaveLength(1);
    expect(lost.subject).toBe('Depot: panel communication lost');
    expect(lost.text).toContain(`since ${since} UTC`);
    expect(probe.mails(emailOf(site.bob), 'lost')).toEqual([]);

    await bringBack(site);
    const [restored] = await probe.outages(site.hwaddr);
    const [notification] = await notificationsOf(world.portal, site.annToken, site.hwaddr);
    expect(notification).toMatchObject({
      resolved_by: 'System',
      resolved_on: restored.restoredAt!.toISOString(),
      text: `No communication with the panel from ${since} (UTC). Communication restored at ${formatEventTime(restored.restoredAt!)} (UTC).`,
    });
    expect((await tileOf(world.portal, site.annToken, site.hwaddr)).offlineSince).toBeNull();
    await probe.mailsSettled();
    expect(probe.mails(emailOf(site.ann), 'restored').map((mail) => mail.subject)).toEqual([
      'Depot: panel communication restored',
    ]);
    expect(probe.mails(emailOf(site.ann), 'lost')).toHaveLength(1);
    expect(probe.mails(emailOf(site.bob), 'restored')).toEqual([]);
  });

  it('mails a flapping panel once per interval: a loss soon after a mailed one re-opens its notification, and is mailed when the interval has passed', async () => {
    const site = await outageSite();
    const mailed = async () => {
      await probe.mailsSettled();
      const address = emailOf(site.ann);
      return { lost: probe.mails(address, 'lost').length, restored: probe.mails(address, 'restored').length };
    };

    await stopPastDelay(site);
    await bringBack(site);
    expect(await mailed()).toEqual({ lost: 1, restored: 1 });
    const [first] = await notificationsOf(world.portal, site.annToken, site.hwaddr);

    // Lost again within the interval: reported on the same notification, not mailed, and nothing when back.
    await stopPastDelay(site);
    const again = await probe.outages(site.hwaddr);
    expect(again.map((outage) => [outage.status, outage.mailedAt !== null])).toEqual([
      ['restored', true],
      ['reported', false],
    ]);
    const reopened = await notificationsOf(world.portal, site.annToken, site.hwaddr);
    expect(reopened).toEqual([
      expect.objectContaining({
        id: first.id,
        resolved_by: null,
        text: expect.stringContaining(
          `Communication was lost 2 times since ${formatEventTime(again[0].lostAt)} (UTC).`,
        ),
      }),
    ]);
    expect((await tileOf(world.portal, site.annToken, site.hwaddr)).offlineSince).toBe(again[1].lostAt.toISOString());
    await bringBack(site);
    expect(await mailed()).toEqual({ lost: 1, restored: 1 });
    expect(await notificationsOf(world.portal, site.annToken, site.hwaddr)).toEqual([
      expect.objectContaining({ id: first.id, resolved_by: 'System' }),
    ]);

    // Lost a third time and still offline when the interval has passed since the mailed loss: mailed then.
    await stopPastDelay(site);
    expect(await mailed()).toEqual({ lost: 1, restored: 1 });
    world.portal.clock.advance(INTERVAL_S);
    await waitUntil(
      async () => (await probe.outages(site.hwaddr))[2].mailedAt !== null,
      'the held-back loss mailed',
      30_000,
    );
    expect(await mailed()).toEqual({ lost: 2, restored: 1 });
    await bringBack(site);
    expect(await mailed()).toEqual({ lost: 2, restored: 2 });
    const [last] = await notificationsOf(world.portal, site.annToken, site.hwaddr);
    expect(last).toMatchObject({ id: first.id, notification_data: expect.objectContaining({ losses: 3 }) });
  });

  it('queues the mails of a loss a copy decided but did not queue (it stopped in between), never sending one twice', async () => {
    const site = await outageSite();
    const address = emailOf(site.ann);
    await stopPastDelay(site);
    await probe.mailsSettled();
    expect(probe.mails(address, 'lost')).toHaveLength(1);
    const db = world.portal.environment.database.dataSource;
    const mailQueue = mailer.app.get(QueueService).queue(QUEUE_NAMES.mail);
    const [loss] = await probe.outages(site.hwaddr);
    /**
     * As after a crash between the commit and the queueing, Redis having forgotten the jobs (and,
     * when `unsent`, the mail never sent). The mark goes last: the sweep acts once it is gone.
     */
    const unqueue = async (unsent: boolean) => {
      await mailQueue.clean(0, 1000, 'completed');
      if (unsent) await db.query(`DELETE FROM mail_deliveries WHERE outage_id = $1`, [loss.id]);
      await db.query(`UPDATE panel_outages SET lost_mails_queued_at = NULL WHERE id = $1`, [loss.id]);
    };
    const queuedAgain = () =>
      waitUntil(
        async () => (await probe.outages(site.hwaddr))[0].lostMailsQueuedAt !== null,
        'the mails queued by the sweep',
        30_000,
      );

    // The mail was sent: queued again, the mailer finds it sent and sends nothing.
    await unqueue(false);
    await queuedAgain();
    await probe.mailsSettled();
    expect(probe.mails(address, 'lost')).toHaveLength(1);

    // Never sent (its record gone too): queued again, it goes out.
    await unqueue(true);
    await queuedAgain();
    await probe.mailsSettled();
    expect(probe.mails(address, 'lost')).toHaveLength(2);
    await bringBack(site);
  });
});
