import type { RelayTriggerSettings } from '@app/contracts';
import {
  EventEntity,
  MailDeliveryEntity,
  RelayActionEntity,
  RelayActionRunEntity,
  RelayEntity,
  SiteTestModeEntity,
} from '@app/database';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { waitUntil } from '@app/testing';
import type { INestApplication } from '@nestjs/common';
import type { Page } from 'playwright-core';
import { IsNull, type DataSource } from 'typeorm';
import { startMailerTestApp, type MailerTestApp } from '../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../mailer/src/testing/smtp-test-server';
import { authorisedSite, registerUniqueUser, type TestUser } from '../../portal-api/src/e2e/portal-panel-harness';
import { startRelayWorkerTestApp } from '../../relay-worker/src/testing/relay-worker-test-app';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import { docsScreenshotPath } from './browser.util';
import { signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

const PASSWORD = 'Browser test mode key: 32 chars!';
const SECRET_KEY = 'test-mode-e2e-spec-secret-key-0123456789ab';
const ON_FIRE: RelayTriggerSettings = { relay_1: 1, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
const NOTHING: RelayTriggerSettings = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };

/**
 * Test mode in the built client, on the real stack (portal-api, a gateway and a simulated panel,
 * the relay-worker and a relay board, the mailer and an SMTP server): started from Site
 * Configuration, its banner on the site's screens, a fire from the panel shown live with its 'Test'
 * mark while no relay is pulsed and no mail sent (both recorded as suppressed, the run shown so on
 * the relay screen), ended by hand, and, started again, ended by itself.
 */
describe('test mode in Chromium against the whole alarm path', () => {
  let started: BrowserWorld;
  let page: Page;
  let origin: string;
  let worker: INestApplication;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  const board = new RelaySimulator({ password: PASSWORD });
  let ann: TestUser;
  let panel: SimulatedPanel;
  let hwaddr: string;
  let relayId: number;
  let db: DataSource;

  beforeAll(async () => {
    started = await startBrowserWorld({ TEST_MODE_SWEEP_INTERVAL_MS: '200' }, []);
    ({ page, origin } = started);
    const { environment } = started.world.portal;
    db = environment.database.dataSource;
    await board.start();
    worker = (
      await startRelayWorkerTestApp(environment, { RELAY_SECRET_KEY: SECRET_KEY, RELAY_ALLOWED_TARGETS: '127.0.0.1' })
    ).app;
    await smtp.start();
    mailer = await startMailerTestApp(environment, smtp.port, { MAIL_RETRY_DELAY_MS: '100' });

    ann = await registerUniqueUser(started.world.portal, 'Ann');
    panel = await authorisedSite(started.world, ann, { nickname: 'Depot', notify: true });
    hwaddr = panel.hwaddr;
    const relay = await db.getRepository(RelayEntity).save({
      userId: ann.id,
      name: 'Sounder strobe',
      host: '127.0.0.1',
      port: board.port,
      passwordEncrypted: new RelayPasswordCipher(SECRET_KEY).encrypt(PASSWORD),
    });
    relayId = relay.id;
    await db.getRepository(RelayActionEntity).save({ relayId, hwaddr, onFire: ON_FIRE, onFault: NOTHING });

    await signInWithSession(page, origin, ann.session);
  });

  afterAll(async () => {
    await mailer?.close();
    await worker?.close();
    await started?.close();
    await board.stop();
    await smtp.stop();
  });

  const banner = () => page.locator('.site-test-mode');

  it('starts from Site Configuration, marks a fire as test while pulsing and mailing nothing, and ends by hand', async () => {
    await page.goto(`${origin}/site/${hwaddr}/about`);
    await page.getByLabel('Duration').selectOption({ label: '2 hours' });
    await page.getByLabel('Reason').fill('Quarterly detector tests');
    await page.getByRole('button', { name: 'Start test mode' }).click();
    await banner().getByText(`started by ${ann.name}: Quarterly detector tests`, { exact: false }).waitFor();
    const [stored] = await db.getRepository(SiteTestModeEntity).findBy({ hwaddr });
    expect(stored.until.getTime() - stored.startedAt.getTime()).toBe(2 * 3_600_000);
    await page.getByRole('button', { name: 'End test mode' }).waitFor();

    // A fire from the panel, shown live on the events page with its mark.
    await page.getByRole('link', { name: /Events/ }).click();
    await page.waitForURL(`${origin}/site/${hwaddr}/events`);
    await page.getByText('No Panel Events Found.').waitFor();
    panel.report(panel.model.setZone(1, 2, 'fire'));
    const row = page.locator('.event-row', { hasText: '(1) Fire alarm' });
    await row.locator('.event-row__test', { hasText: 'Test' }).waitFor();
    await page
      .locator('.Toastify__toast', { hasText: 'Depot: Fire alarm' })
      .locator('.toast-body-content__badge', { hasText: 'Test' })
      .waitFor();
    await page.screenshot({ path: docsScreenshotPath('site-test-mode'), fullPage: true });

    // Nothing driven, nothing mailed: both recorded as suppressed with the reason.
    const [fire] = await db.getRepository(EventEntity).findBy({ hwaddr, category: 'fire' });
    expect(fire.test).toBe(true);
    const reason = 'Suppressed: site in test mode (Quarterly detector tests)';
    await waitUntil(async () => {
      const runs = await db.getRepository(RelayActionRunEntity).findBy({ hwaddr, eventSeq: fire.seq });
      return runs.length === 1 && runs[0].status === 'suppressed' && runs[0].error === reason;
    }, 'the relay run recorded as suppressed');
    await waitUntil(async () => {
      const mails = await db.getRepository(MailDeliveryEntity).findBy({ hwaddr, eventSeq: fire.seq });
      return mails.length === 1 && mails[0].status === 'suppressed' && mails[0].error === reason;
    }, 'the mail recorded as suppressed');
    expect(board.switches).toEqual([]);
    expect(smtp.mails).toEqual([]);

    // The relay screen shows the run as suppressed; the panel manager shows the banner too.
    await page.goto(`${origin}/relay/${relayId}`);
    const run = page.locator('.relay-runs tbody tr', { hasText: 'Fire' });
    await run.getByText('Suppressed', { exact: true }).waitFor();
    await run.getByText(reason).waitFor();
    await page.screenshot({ path: docsScreenshotPath('relay-run-suppressed'), fullPage: true });
    await page.goto(`${origin}/site/${hwaddr}/panel/1/status`);
    await banner().waitFor();
    await page.locator('.recent-commands').getByText('Test mode started until', { exact: false }).waitFor();

    // Ended by hand: the banner goes.
    await page.goto(`${origin}/site/${hwaddr}/about`);
    await page.getByRole('button', { name: 'End test mode' }).click();
    await page.getByRole('button', { name: 'Start test mode' }).waitFor();
    await banner().waitFor({ state: 'detached' });
    expect(await db.getRepository(SiteTestModeEntity).findOneByOrFail({ id: stored.id })).toMatchObject({
      endedBy: ann.id,
    });
  });

  it('ends by itself when its time is up: the banner goes from the open page', async () => {
    await page.goto(`${origin}/site/${hwaddr}/about`);
    await page.getByLabel('Reason').fill('Sounder check');
    await page.getByRole('button', { name: 'Start test mode' }).click();
    await banner().getByText('Sounder check', { exact: false }).waitFor();
    // As if its 15 minutes had passed: the sweep ends it and the open page hears of it.
    const until = new Date(Date.now() - 1000);
    await db
      .getRepository(SiteTestModeEntity)
      .update({ hwaddr, endedAt: IsNull() }, { until, startedAt: new Date(until.getTime() - 900_000) });
    await banner().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Start test mode' }).waitFor();
    expect(
      await db.getRepository(SiteTestModeEntity).findOneByOrFail({ hwaddr, reason: 'Sounder check' }),
    ).toMatchObject({
      endedAt: until,
      endedByName: null,
    });
  });
});
