import { AUTH_STORAGE_KEY, formatEventTime } from '@app/contracts';
import { provisionTestPanel } from '@app/database/testing';
import { QueueService } from '@app/messaging';
import type { Page } from 'playwright-core';
import { startMailerTestApp, type MailerTestApp } from '../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../mailer/src/testing/smtp-test-server';
import { startGateway, type StartedGateway } from '../../panel-gateway/src/testing/gateway-harness';
import { multiAddressPanel } from '../../portal-api/src/e2e/gateway-copies-harness';
import {
  claimPanel,
  registerUser,
  waitForConnection,
  type PortalWithPanels,
  type TestUser,
} from '../../portal-api/src/e2e/portal-panel-harness';
import { emailOf, OfflineAlertProbe } from '../../portal-api/src/supervision/testing/offline-alert-probe';
import { startPortalApiTestApp, type PortalApiTestApp } from '../../portal-api/src/testing/portal-api-test-app';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { docsScreenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

/** A short delay: the panel is reported a second after it stops (waited for, never slept). */
const SUPERVISION = { PANEL_OFFLINE_ALERT_DELAY_S: '1', PANEL_OFFLINE_SWEEP_INTERVAL_MS: '200' };

/**
 * 'Panel communication lost' in the built client: a panel that stops is shown 'Offline since' on its
 * tile and its screens, with its notification, and the user opted in to the site's e-mails gets one
 * mail; back, the notification is resolved by the system and one more mail says so. Two gateway
 * copies (the panel knows both) and two portal-api copies run, as in production.
 */
describe("'Panel communication lost' in Chromium against portal-api, two gateway copies, the mailer and an SMTP server", () => {
  const hwaddr = '0a1b2c3d4ea1';
  let started: BrowserWorld;
  let world: PortalWithPanels;
  let page: Page;
  let origin: string;
  let secondGateway: StartedGateway;
  let secondPortal: PortalApiTestApp;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  let probe: OfflineAlertProbe;
  let panel: SimulatedPanel;
  let olive: TestUser;
  let oscar: TestUser;

  beforeAll(async () => {
    started = await startBrowserWorld(SUPERVISION, []);
    ({ world, page, origin } = started);
    const { environment } = world.portal;
    secondGateway = await startGateway(
      world.portal.config.nats,
      { gatewayId: 'gateway-b' },
      { url: environment.database.url },
    );
    secondPortal = await startPortalApiTestApp(SUPERVISION, { environment });
    await smtp.start();
    mailer = await startMailerTestApp(environment, smtp.port, { MAIL_RETRY_DELAY_MS: '100' });
    probe = new OfflineAlertProbe(environment.database.dataSource, mailer.app.get(QueueService), smtp);

    panel = multiAddressPanel(hwaddr, await provisionTestPanel(environment.database.dataSource, hwaddr), [
      world.gateway.port,
      secondGateway.port,
    ]);
    panel.start();
    await waitForConnection(world, hwaddr, true);
    olive = await registerUser(world.portal, 'Olive');
    oscar = await registerUser(world.portal, 'Oscar');
    await claimPanel(world.portal, olive, hwaddr, '1234', { nickname: 'Depot', notify: true });
    await claimPanel(world.portal, oscar, hwaddr, '1234', { notify: false });

    await page.goto(`${origin}/login`);
    await page.evaluate(
      ([storageKey, value]) =>
        (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(storageKey, value),
      [AUTH_STORAGE_KEY, JSON.stringify({ session: olive.session })],
    );
  });

  afterAll(async () => {
    await panel?.stop();
    await mailer?.close();
    await secondPortal?.close();
    await secondGateway?.close();
    await started?.close();
    await smtp.stop();
  });

  it('shows a stopped panel offline on its tile and screens with its notification, and mails the opted-in user once', async () => {
    await page.goto(`${origin}/`);
    const tile = page.locator('.site-tile', { hasText: 'Depot' });
    await tile.getByText('Authorised').waitFor();
    expect(await tile.locator('.site-tile__offline').count()).toBe(0);

    await panel.stop();
    const [loss] = await probe.waitForOutages(hwaddr, ['reported']);
    const since = formatEventTime(loss.lostAt);
    // Told live: the page is not reloaded.
    await tile.locator('.site-tile__offline', { hasText: `Offline since ${since} UTC` }).waitFor();
    await page.screenshot({ path: docsScreenshotPath('site-manager-offline'), fullPage: true });

    await tile.click();
    await page.waitForURL(`${origin}/site/${hwaddr}/events`);
    await page.locator('.site-offline', { hasText: `Offline since ${since} UTC` }).waitFor();
    await page.getByRole('link', { name: /Notifications/ }).click();
    const notification = page.locator('.notification').filter({ hasText: 'Panel communication lost' });
    await notification.getByText(`No communication with the panel since ${since} (UTC).`).waitFor();
    await notification.getByRole('button', { name: 'Mark Resolved' }).waitFor();
    await page.screenshot({ path: docsScreenshotPath('site-notification-offline'), fullPage: true });

    await page.goto(`${origin}/site/${hwaddr}/panel/1/status`);
    await page.locator('.site-offline', { hasText: `Offline since ${since} UTC` }).waitFor();

    await probe.mailsSettled();
    expect(probe.mails(emailOf(olive), 'lost').map((mail) => mail.subject)).toEqual([
      'Depot: panel communication lost',
    ]);
    expect(probe.mails(emailOf(oscar), 'lost')).toEqual([]);
  });

  it('shows the panel back: the notification resolved by the system with the time, no longer offline, one more mail', async () => {
    await page.goto(`${origin}/site/${hwaddr}/notifications`);
    const notification = page.locator('.notification').filter({ hasText: 'Panel communication lost' });
    await notification.getByRole('button', { name: 'Mark Resolved' }).waitFor();

    panel.start();
    const [restored] = await probe.waitForOutages(hwaddr, ['restored']);
    const back = formatEventTime(restored.restoredAt!);
    await notification.getByText(`Resolved by: System on ${back} UTC`).waitFor();
    await notification.getByText(`Communication restored at ${back} (UTC).`, { exact: false }).waitFor();
    await page.locator('.site-offline').waitFor({ state: 'detached' });
    await page.screenshot({ path: docsScreenshotPath('site-notification-restored'), fullPage: true });

    await page.goto(`${origin}/`);
    const tile = page.locator('.site-tile', { hasText: 'Depot' });
    await tile.getByText('Authorised').waitFor();
    expect(await tile.locator('.site-tile__offline').count()).toBe(0);

    await probe.mailsSettled();
    expect(probe.mails(emailOf(olive), 'restored').map((mail) => mail.subject)).toEqual([
      'Depot: panel communication restored',
    ]);
    expect(probe.mails(emailOf(olive), 'lost')).toHaveLength(1);
    expect(probe.mails(emailOf(oscar), 'restored')).toEqual([]);
  });
});
