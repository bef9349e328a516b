import { AUTH_STORAGE_KEY, hwaddrToColonForm } from '@app/contracts';
import type { Page } from 'playwright-core';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { screenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

/**
 * One user's journey through the built client against the real stack: register, claim a simulated
 * panel, watch a fire arrive live, filter events, resolve a notification, rename the site, sign out.
 */
describe('web client in Chromium against portal-api and a simulated panel', () => {
  const hwaddr = '0a1b2c3d4e90';
  const key = '2468';
  let panel: SimulatedPanel;
  let page: Page;
  let origin: string;
  let started: BrowserWorld;

  beforeAll(async () => {
    // Connected before the claim, so that the key is checked at once (a waiting key keeps Add Site open).
    started = await startBrowserWorld({ TIME_DESYNC_THRESHOLD: '10m' }, [{ hwaddr, key }]);
    ({ page, origin } = started);
    [panel] = started.panels;
  });

  afterAll(() => started?.close());

  it('registers and lands on the Site Manager', async () => {
    await page.goto(`${origin}/anywhere`);
    await page.waitForURL(`${origin}/login`);
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByLabel('Full name').fill('Erin Engineer');
    await page.getByLabel('Email').fill('erin@example.com');
    await page.getByLabel('Password').fill('erins password');
    await page.getByRole('button', { name: 'Register' }).click();

    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await page.getByText('Add Site').waitFor();
  });

  it('claims the simulated panel with its key and sees it authorised', async () => {
    await page.getByText('Add Site').click();
    await page.getByLabel('MAC address').fill(hwaddr);
    await page.getByLabel('Admin password').fill(key);
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
    await page.locator(`[data-hwaddr="${hwaddr}"]`).click();
    await page.waitForURL(`${origin}/site/${hwaddr}/events`);
    await page.getByText('No Panel Events Found.').waitFor();

    panel.report(panel.model.setZone(1, 2, 'fire'));

    await page.locator('.Toastify__toast').filter({ hasText: 'Fire' }).filter({ hasText: 'Fire alarm' }).waitFor();
    await page.getByText('(1) Fire alarm').waitFor();
    const shot = screenshotPath('events');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`Events screenshot: ${shot}`);
  });

  it('filters the events by category and by date', async () => {
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
    const skewed = new Date(Date.now() - 3 * 3600_000).toISOString();
    panel.link.sendEvent({ networkId: 1, category: 'system', title: 'Clock check', location: 'N/A', date: skewed });
    await page.getByRole('link', { name: /Notifications/ }).click();

    await page.getByText('Panel time possibly out of sync').waitFor();
    await page.getByRole('button', { name: 'Mark Resolved' }).click();
    await page.getByText(/^Resolved by: Erin Engineer on /).waitFor();
  });

  it('renames the site', async () => {
    await page.getByRole('link', { name: 'Site Configuration' }).click();
    expect(await page.getByLabel('MAC address').inputValue()).toBe(hwaddrToColonForm(hwaddr));
    await page.getByLabel('Nickname').fill('Main Depot');
    await page.getByRole('button', { name: 'Update' }).click();

    await page.getByRole('link', { name: /Site Manager/ }).click();
    await page.locator(`[data-hwaddr="${hwaddr}"]`).getByText('Main Depot').waitFor();
  });

  it('signs out to the login page', async () => {
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
