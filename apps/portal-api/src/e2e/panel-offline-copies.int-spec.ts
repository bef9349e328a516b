import { QueueService } from '@app/messaging';
import { waitUntil } from '@app/testing';
import { startMailerTestApp, type MailerTestApp } from '../../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../../mailer/src/testing/smtp-test-server';
import type { StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { startGatewayProcess, type GatewayProcess } from '../../../panel-gateway/src/testing/gateway-process';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { emailOf, notificationsOf, OfflineAlertProbe, tileOf } from '../supervision/testing/offline-alert-probe';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { heldBy, startPortalWithGatewayCopies, type PortalWithGatewayCopies } from './gateway-copies-harness';
import { claimPanel, claimsTokenOf, registerUniqueUser, uniqueHwaddr, type TestUser } from './portal-panel-harness';

jest.setTimeout(120_000);

const DELAY_S = 60;
const SUPERVISION = {
  PANEL_OFFLINE_ALERT_DELAY_S: String(DELAY_S),
  PANEL_OFFLINE_SWEEP_INTERVAL_MS: '200',
};

/**
 * Each lost connection is reported once, whatever the number of copies: two portal-api copies (both
 * sweep, either hears a report) and two gateway copies, one in a process of its own that a test
 * kills with SIGKILL. Both copies' clocks are moved past the delay together (the delay is long, so
 * nothing depends on how long the machine takes).
 */
describe("'Panel communication lost' with two gateway copies and two portal-api copies (real PostgreSQL, NATS, Redis, SMTP)", () => {
  let world: PortalWithGatewayCopies;
  let secondPortal: PortalApiTestApp;
  let survivor: StartedGateway;
  let doomed: GatewayProcess | undefined;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  let probe: OfflineAlertProbe;

  beforeAll(async () => {
    world = await startPortalWithGatewayCopies(['gateway-b'], SUPERVISION);
    [survivor] = world.gateways;
    secondPortal = await startPortalApiTestApp(SUPERVISION, { environment: world.portal.environment });
    doomed = await startGatewayProcess({
      nats: world.portal.config.nats,
      databaseUrl: world.portal.environment.database.url,
      gatewayId: 'gateway-a',
    });
    await smtp.start();
    mailer = await startMailerTestApp(world.portal.environment, smtp.port, { MAIL_RETRY_DELAY_MS: '100' });
    probe = new OfflineAlertProbe(world.portal.environment.database.dataSource, mailer.app.get(QueueService), smtp);
  }, 120_000);

  afterAll(async () => {
    await doomed?.kill();
    await mailer?.close();
    await secondPortal?.close();
    await world?.close();
    await smtp.stop();
  });

  /** Both portal-api copies' clocks past the delay: a loss recorded before is due at their next passes. */
  function passDelay(): void {
    for (const portal of [world.portal, secondPortal]) portal.clock.advance(DELAY_S + 1);
  }

  /** Ann (e-mails on) and Bob (e-mails off) claim the connected panel; answers their claims tokens. */
  async function claimedByAnnAndBob(panel: SimulatedPanel): Promise<{ ann: TestUser; bob: TestUser; token: string }> {
    const ann = await registerUniqueUser(world.portal, 'Ann');
    const bob = await registerUniqueUser(world.portal, 'Bob');
    await claimPanel(world.portal, ann, panel.hwaddr, '1234', { nickname: 'Depot', notify: true });
    await claimPanel(world.portal, bob, panel.hwaddr, '1234', { notify: false });
    return { ann, bob, token: await claimsTokenOf(secondPortal, ann) };
  }

  it('reports a stopped panel once: one notification on both copies, one mail per opted-in user; back, one more', async () => {
    const panel = await world.panel(uniqueHwaddr(), [doomed!.port, survivor.port]);
    panel.start();
    await heldBy(survivor.nats, panel.hwaddr, 'gateway-a');
    const { ann, bob, token } = await claimedByAnnAndBob(panel);

    await panel.stop();
    await probe.waitForOutages(panel.hwaddr, ['pending']);
    passDelay();
    const [loss] = await probe.waitForOutages(panel.hwaddr, ['reported']);
    await probe.mailsSettled();
    for (const portal of [world.portal, secondPortal]) {
      expect(await notificationsOf(portal, token, panel.hwaddr)).toEqual([
        expect.objectContaining({ notification_type: 'PANEL_OFFLINE', resolved_by: null }),
      ]);
      expect((await tileOf(portal, token, panel.hwaddr)).offlineSince).toBe(loss.lostAt.toISOString());
    }
    expect(probe.mails(emailOf(ann), 'lost')).toHaveLength(1);
    expect(probe.mails(emailOf(bob), 'lost')).toHaveLength(0);

    panel.start();
    await probe.waitForOutages(panel.hwaddr, ['restored']);
    await probe.mailsSettled();
    expect(await notificationsOf(world.portal, token, panel.hwaddr)).toEqual([
      expect.objectContaining({ resolved_by: 'System' }),
    ]);
    expect(probe.mails(emailOf(ann), 'restored')).toHaveLength(1);
    expect(probe.mails(emailOf(ann), 'lost')).toHaveLength(1);
    expect(probe.mails(emailOf(bob), 'restored')).toHaveLength(0);
  });

  it('reports once the panel of a killed gateway copy that knows no other, and not the one that moved to the other copy', async () => {
    const stranded = await world.panel(uniqueHwaddr(), [doomed!.port]);
    const moving = await world.panel(uniqueHwaddr(), [doomed!.port, survivor.port]);
    stranded.start();
    moving.start();
    await heldBy(survivor.nats, stranded.hwaddr, 'gateway-a');
    await heldBy(survivor.nats, moving.hwaddr, 'gateway-a');
    const strandedSite = await claimedByAnnAndBob(stranded);
    const movingSite = await claimedByAnnAndBob(moving);

    // kill -9: no disconnect is ever published; the copy's sign of life expires and the sweeps find its panels.
    await doomed!.kill();
    await heldBy(survivor.nats, moving.hwaddr, 'gateway-b');
    await probe.waitForOutages(stranded.hwaddr, ['pending'], 60_000);
    passDelay();
    await probe.waitForOutages(stranded.hwaddr, ['reported']);
    await probe.mailsSettled();

    for (const portal of [world.portal, secondPortal])
      expect(await notificationsOf(portal, strandedSite.token, stranded.hwaddr)).toEqual([
        expect.objectContaining({ notification_type: 'PANEL_OFFLINE', resolved_by: null }),
      ]);
    expect(probe.mails(emailOf(strandedSite.ann), 'lost')).toHaveLength(1);
    expect(probe.mails(emailOf(strandedSite.bob), 'lost')).toHaveLength(0);
    expect(await notificationsOf(world.portal, movingSite.token, moving.hwaddr)).toEqual([]);
    expect((await probe.outages(moving.hwaddr)).filter((outage) => outage.status === 'reported')).toEqual([]);
    expect(probe.mails(emailOf(movingSite.ann), 'lost')).toHaveLength(0);
    // The copies marked it disconnected once, and the site shows it so.
    await waitUntil(
      async () => (await tileOf(secondPortal, strandedSite.token, stranded.hwaddr)).offlineSince !== null,
      'the stranded site offline',
      10_000,
    );
  });
});
