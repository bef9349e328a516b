import { AUTH_STORAGE_KEY, hwaddrToColonForm } from '@app/contracts';
import type { Page } from 'playwright-core';
import request from 'supertest';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import {
  authorisedSite,
  claimsTokenOf,
  registerUniqueUser,
  uniqueHwaddr,
  waitForConnection,
  type TestUser,
} from '../../portal-api/src/e2e/portal-panel-harness';
import { waitUntil } from '@app/testing';
import { screenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

/**
 * One user's journey through the built client against the real stack: register, claim a simulated
 * panel, watch a fire arrive live, filter events, resolve a notification, rename the site, sign out.
 * Each step starts from a fresh page with a user and panel of its own, made through the API where
 * the step is not about making them, so each runs alone and in any order.
 */
describe('web client in Chromium against portal-api and a simulated panel', () => {
  const key = '2468';
  let origin: string;
  let started: BrowserWorld;
  const pages: Page[] = [];

  beforeAll(async () => {
    started = await startBrowserWorld({ TIME_DESYNC_THRESHOLD: '10m' }, []);
    ({ origin } = started);
  });

  afterAll(async () => {
    await Promise.all(pages.map((page) => page.close()));
    await started?.close();
  });

  async function freshPage(): Promise<Page> {
    const page = await started.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(30_000);
    pages.push(page);
    return page;
  }

  /** Signs `user` in on a fresh page through the login form, up to the Site Manager. */
  async function logIn(user: TestUser): Promise<Page> {
    const page = await freshPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill(`${user.name.toLowerCase()}@example.com`);
    await page.getByLabel('Password').fill(`${user.name} password`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    return page;
  }

  /** A user of the step's own, signed in on a fresh page. */
  async function signedIn(): Promise<{ page: Page; user: TestUser }> {
    const user = await registerUniqueUser(started.world.portal, 'Erin');
    return { page: await logIn(user), user };
  }

  /** Opens the events page of the site `hwaddr` from the Site Manager. */
  async function openSiteEvents(page: Page, hwaddr: string): Promise<void> {
    await page.locator(`[data-hwaddr="${hwaddr}"]`).getByText('Authorised', { exact: true }).waitFor();
    await page.locator(`[data-hwaddr="${hwaddr}"]`).click();
    await page.waitForURL(`${origin}/site/${hwaddr}/events`);
  }

  /** A signed-in user with an authorised, connected site named `nickname`, its events page open. */
  async function onOwnSiteEvents(nickname = 'Depot'): Promise<{ page: Page; user: TestUser; panel: SimulatedPanel }> {
    const user = await registerUniqueUser(started.world.portal, 'Erin');
    const panel = await authorisedSite(started.world, user, { adminKey: key, nickname });
    const page = await logIn(user);
    await openSiteEvents(page, panel.hwaddr);
    return { page, user, panel };
  }

  /** Waits until the site's events list (through the API) holds `total` events. */
  async function storedEvents(user: TestUser, hwaddr: string, total: number): Promise<void> {
    const token = await claimsTokenOf(started.world.portal, user);
    await waitUntil(
      async () => {
        const response = await request(started.world.portal.server)
          .get(`/api/v2/sites/${hwaddr}/events`)
          .set('Authorization', `Bearer ${token}`);
        return response.status === 200 && (response.body as { total: number }).total === total;
      },
      `${total} events stored`,
      30_000,
    );
  }

  it('registers and lands on the Site Manager', async () => {
    const page = await freshPage();
    await page.goto(`${origin}/anywhere`);
    // The sign-in page keeps where the visitor was going.
    await page.waitForURL(`${origin}/login?next=%2Fanywhere`);
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByLabel('Full name').fill('Erin Engineer');
    await page.getByLabel('Email').fill(`erin.${uniqueHwaddr()}@example.com`);
    await page.getByLabel('Password').fill('erins password');
    await page.getByRole('button', { name: 'Register' }).click();

    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await page.getByText('Add Site').waitFor();
    // No site yet: where to start, and what to have at hand.
    await page.getByRole('region', { name: 'Getting started' }).getByText('Start by adding your first site').waitFor();
  });

  it('claims the simulated panel with its key and sees it authorised', async () => {
    const { page } = await signedIn();
    // Connected before the claim, so that the key is checked at once and the tile says Authorised.
    const hwaddr = uniqueHwaddr();
    (await started.world.panel(hwaddr, key)).start();
    await waitForConnection(started.world, hwaddr, true);

    await page.getByText('Add Site').click();
    // What Add Site still needs is said beside it while it is disabled; e-mails are on unless turned off.
    const missing = page.getByTestId('claim-form-missing');
    await missing.getByText('the MAC address needs 6 pairs of hex digits (0 typed)', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Site' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Yes').isChecked()).toBe(true);
    await page.getByLabel('MAC address').fill(hwaddr);
    await page.getByLabel('Admin password').fill(key.slice(0, 2));
    expect(await missing.textContent()).toBe('Still needed: the admin password needs 4 digits (2 typed).');
    await page.getByLabel('Admin password').fill(key);
    await missing.waitFor({ state: 'detached' });
    await page.getByLabel('Site nickname').fill('Depot');
    await page.getByRole('button', { name: 'Add Site' }).click();

    await page.waitForURL(`${origin}/`);
    const tile = page.locator(`[data-hwaddr="${hwaddr}"]`);
    await tile.getByText('Authorised', { exact: true }).waitFor();
    expect(await tile.textContent()).toContain('Depot');
    const shot = screenshotPath('site-manager');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`Site Manager screenshot: ${shot}`);
  });

  it('shows a fire from the panel as a toast and in the events list without reloading', async () => {
    const { page, panel } = await onOwnSiteEvents();
    await page.getByText('No Panel Events Found.').waitFor();

    panel.report(panel.model.setZone(1, 2, 'fire'));

    await page.locator('.Toastify__toast').filter({ hasText: 'Fire' }).filter({ hasText: 'Fire alarm' }).waitFor();
    await page.getByText('(1) Fire alarm').waitFor();
    const shot = screenshotPath('events');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`Events screenshot: ${shot}`);
  });

  it('filters the events by category and by date', async () => {
    const user = await registerUniqueUser(started.world.portal, 'Erin');
    const panel = await authorisedSite(started.world, user, { adminKey: key });
    panel.report(panel.model.setZone(1, 2, 'fire'));
    await storedEvents(user, panel.hwaddr, 1);
    const page = await logIn(user);
    await openSiteEvents(page, panel.hwaddr);
    await page.getByText('(1) Fire alarm').waitFor();

    await page.getByRole('button', { name: 'Fault', exact: true }).click();
    await page.getByText('No events found matching your search criteria.').waitFor();
    await page.getByRole('button', { name: 'Fire', exact: true }).click();
    await page.getByText('(1) Fire alarm').waitFor();

    const today = new Date();
    const typedToday = `${String(today.getUTCDate()).padStart(2, '0')}/${String(today.getUTCMonth() + 1).padStart(2, '0')}/${today.getUTCFullYear()}`;
    await page.locator('#events-from').fill('01/01/2020');
    await page.locator('#events-to').fill('31/12/2020');
    await page.getByText('No events found matching your search criteria.').waitFor();
    await page.locator('#events-to').fill(typedToday);
    await page.getByText('(1) Fire alarm').waitFor();
    expect(await page.locator('.events-list__page').textContent()).toBe('1 / 1');
  });

  it('resolves a notification raised by the panel', async () => {
    const { page, panel, user } = await onOwnSiteEvents();
    const skewed = new Date(Date.now() - 3 * 3600_000).toISOString();
    panel.link.sendEvent({ networkId: 1, category: 'system', title: 'Clock check', location: 'N/A', date: skewed });
    await page.getByRole('link', { name: /Notifications/ }).click();

    await page.getByText('Panel time possibly out of sync').waitFor();
    await page.getByRole('button', { name: 'Mark Resolved' }).click();
    await page.getByText(new RegExp(`^Resolved by: ${user.name} on `)).waitFor();
  });

  it("shows a drifted panel clock on the panel's About, syncs it there, and its time desync notification is resolved", async () => {
    const { page, panel, user } = await onOwnSiteEvents();
    // The lively demo panel's clock, fallen behind: its next event raises the notification.
    panel.model.setClockBehind(25 * 60_000);
    panel.report(panel.model.note(1, 'system', 'Clock check'));
    await page.getByRole('link', { name: /Notifications/ }).click();
    const notification = page.locator('.notification').filter({ hasText: 'Panel time possibly out of sync' });
    await notification.waitFor();

    await page.goto(`${origin}/site/${panel.hwaddr}/panel/1/about`);
    const clock = page.getByTestId('about-clock');
    await clock
      .and(page.getByText(/^25 min behind the portal's time as of its latest event, received .+ UTC$/))
      .waitFor();
    await page.getByRole('button', { name: 'Sync panel clock' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText("The panel's clock is set to the portal's time.").waitFor();
    await dialog.getByRole('button', { name: 'Send Sync panel clock' }).click();

    await page.locator('.Toastify__toast').filter({ hasText: 'Depot, Panel 1 applied Sync panel clock.' }).waitFor();
    // Set to the portal's time, less the moments the command took (the portal flags 10 minutes off).
    expect(Math.abs(panel.model.clockOffsetMs)).toBeLessThan(10 * 60_000);
    // Read again once the panel's next event ('Clock set') shows its clock.
    await clock.and(page.getByText(/^In step with the portal's time as of its latest event/)).waitFor();

    // Set right: resolved by the portal, its text naming the panel and saying when and by whom.
    await page.goto(`${origin}/site/${panel.hwaddr}/notifications`);
    await notification.getByText(/^Resolved by: System on /).waitFor();
    const text = await notification.locator('.notification__text').textContent();
    expect(text).toMatch(
      new RegExp(
        `^An event from panel 1 was received at .+\\. Its clock was set to the portal's time at .+ \\(UTC\\) by ${user.name}\\.$`,
      ),
    );
    expect(await notification.getByRole('button', { name: 'Mark Resolved' }).count()).toBe(0);
  });

  it('renames the site', async () => {
    const { page, panel } = await onOwnSiteEvents('Depot');
    await page.getByRole('link', { name: 'Site Configuration' }).click();
    expect(await page.getByLabel('MAC address').inputValue()).toBe(hwaddrToColonForm(panel.hwaddr));
    await page.getByLabel('Nickname').fill('Main Depot');
    await page.getByRole('button', { name: 'Update' }).click();

    await page.getByRole('link', { name: /Site Manager/ }).click();
    await page.locator(`[data-hwaddr="${panel.hwaddr}"]`).getByText('Main Depot').waitFor();
  });

  it('signs out to the login page', async () => {
    const { page } = await signedIn();
    await page.getByRole('link', { name: 'Logout' }).click();

    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const storedAuth = await page.evaluate(
      (storageKey) => (globalThis as unknown as { localStorage: Storage }).localStorage.getItem(storageKey),
      AUTH_STORAGE_KEY,
    );
    expect(storedAuth).toBeNull();
  });
});
