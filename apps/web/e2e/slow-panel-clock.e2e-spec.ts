import { EventEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import type { Page } from 'playwright-core';
import { startMailerTestApp, type MailerTestApp } from '../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../mailer/src/testing/smtp-test-server';
import { authorisedSite, registerUniqueUser, type TestUser } from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

/** The demo panel's slow clock: far past the desync threshold (10 minutes). */
const SLOW_MS = 25 * 60_000;

/**
 * A panel whose clock is 25 minutes slow, in the built client on the real stack (portal-api, a
 * gateway, the mailer and an SMTP server): the fire that has just arrived is first in the site's
 * events and is the panel's 'Latest event', above a service note that came before it but that the
 * panel dated later, each showing when the portal received it with the panel's clock beside it;
 * the fire's mail tells both times too.
 */
describe("a panel whose clock is slow, in Chromium: arrival first, the panel's time beside it", () => {
  let started: BrowserWorld;
  let page: Page;
  let origin: string;
  let ann: TestUser;
  let panel: SimulatedPanel;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();

  beforeAll(async () => {
    started = await startBrowserWorld({}, []);
    ({ page, origin } = started);
    await smtp.start();
    mailer = await startMailerTestApp(started.world.portal.environment, smtp.port);
    ann = await registerUniqueUser(started.world.portal, 'Ann');
    panel = await authorisedSite(started.world, ann, { nickname: 'Depot', notify: true });
    await signInWithSession(page, origin, ann.session);
  });

  afterAll(async () => {
    await mailer?.close();
    await started?.close();
    await smtp.stop();
  });

  const stored = (title: string) =>
    waitUntil(
      () =>
        started.world.portal.environment.database.dataSource
          .getRepository(EventEntity)
          .findOneBy({ hwaddr: panel.hwaddr, title }),
      `'${title}' stored`,
    );

  it('lists the arriving fire first and as the latest event, with both times, and mails both', async () => {
    // A note with the clock right, then the clock falls 25 minutes behind and a fire comes.
    panel.report(panel.model.note(1, 'service', 'Service visit', 'Plant room'));
    const note = await stored('Service visit');
    panel.model.setClockBehind(SLOW_MS);
    panel.report(panel.model.setZone(1, 0, 'fire'));
    const fire = await stored('Fire alarm');
    expect(fire.date.getTime()).toBeLessThan(note.date.getTime());
    expect(fire.receivedAt.getTime()).toBeGreaterThanOrEqual(note.receivedAt.getTime());

    await page.goto(`${origin}/site/${panel.hwaddr}/events`);
    const rows = page.locator('.event-row');
    await rows.first().waitFor();
    expect(await rows.first().locator('.event-row__title').textContent()).toBe('(1) Fire alarm');
    expect(await rows.first().locator('.event-row__panel-time').textContent()).toMatch(
      /^\(Panel clock: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC\)$/,
    );
    expect(await rows.nth(1).locator('.event-row__title').textContent()).toBe('(1) Service visit');
    // The note's clock was right: one time.
    expect(await rows.nth(1).locator('.event-row__panel-time').count()).toBe(0);

    await page.goto(`${origin}/site/${panel.hwaddr}/panel/1`);
    const latest = page.locator('.latest-event');
    await latest.getByText('Fire alarm').waitFor();
    expect(await latest.locator('.latest-event__panel-time').textContent()).toMatch(/\(Panel clock: .+ UTC\)/);

    const mail = await waitUntil(
      () => smtp.mails.find((candidate) => candidate.subject.startsWith('FIRE')),
      "the fire's mail",
    );
    expect(mail.text).toMatch(/Time: +\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC \(the panel's clock said .+ UTC\)/);
  });
});
