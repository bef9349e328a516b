import type { Page } from 'playwright-core';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

/**
 * An event stored with no live message (as when a portal-api copy dies between its commit and its
 * publish) shows on the open Events page without a reload: the server's audit finds it at the next
 * heartbeat (every second here) and the page fetches the site again.
 */
describe('live feed repair in Chromium', () => {
  const hwaddr = '0a1b2c3d4e95';
  const key = '1357';
  let page: Page;
  let origin: string;
  let started: BrowserWorld;
  const debugLines: string[] = [];

  beforeAll(async () => {
    started = await startBrowserWorld({ LIVEFEED_HEARTBEAT_MS: '1000' }, [{ hwaddr, key }]);
    ({ page, origin } = started);
    page.on('console', (message) => {
      if (message.type() === 'debug') debugLines.push(message.text());
    });
  });

  afterAll(() => started?.close());

  it('shows an event that was stored but never sent live on the open Events page', async () => {
    await page.goto(`${origin}/register`);
    await page.getByLabel('Full name').fill('Rita Repair');
    await page.getByLabel('Email').fill('rita@example.com');
    await page.getByLabel('Password').fill('ritas password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await page.getByText('Add Site').click();
    await page.getByLabel('MAC address').fill(hwaddr);
    await page.getByLabel('Admin password').fill(key);
    await page.getByLabel('Site nickname').fill('Annex');
    await page.getByRole('button', { name: 'Add Site' }).click();
    await page.waitForURL(`${origin}/`);
    await page.locator(`[data-hwaddr="${hwaddr}"]`).getByText('Authorised', { exact: true }).waitFor();
    await page.locator(`[data-hwaddr="${hwaddr}"]`).click();
    await page.waitForURL(`${origin}/site/${hwaddr}/events`);
    await page.getByText('No Panel Events Found.').waitFor();
    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });

    const now = new Date();
    await started.world.portal.environment.database.dataSource.query(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, location, received_at)
       VALUES ($1, 1, 900001, 'fire', 'Fire nobody sent live', $2, 'Zone 3', $2)`,
      [hwaddr, now],
    );

    await page.getByText('(1) Fire nobody sent live').waitFor({ timeout: 30_000 });
    expect(loads).toEqual([]);
    expect(debugLines.some((line) => line.startsWith(`Live feed`))).toBe(true);
  });
});
