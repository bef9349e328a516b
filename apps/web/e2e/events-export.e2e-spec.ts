import { readFile } from 'node:fs/promises';
import { defaultEventRange, formatEventTime } from '@app/contracts';
import { ClaimEntity } from '@app/database';
import type { Page } from 'playwright-core';
import { registerUniqueUser, uniqueHwaddr, type TestUser } from '../../portal-api/src/e2e/portal-panel-harness';
import { parseCsv } from '../../portal-api/src/events/testing/csv-reader';
import { screenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Export on a site's Events page downloads the CSV of the page's range and category, every page of
 * it, under the site's nickname (the built client against the real portal-api and PostgreSQL).
 */
describe('events export in Chromium', () => {
  let started: BrowserWorld;
  let page: Page;
  let origin: string;
  let user: TestUser;
  const hwaddr = uniqueHwaddr();
  /** 45 events an hour apart, newest first (more than two pages of 20); the 8th has an awkward title. */
  const now = Date.now();
  const events = Array.from({ length: 45 }, (_, index) => ({
    seq: index + 1,
    category: (['fire', 'fault', 'system'] as const)[index % 3],
    title: index === 7 ? 'Fire, "zone 3"\nfloor 2' : `Event ${index}`,
    date: new Date(now - (index + 1) * HOUR_MS),
    location: index === 7 ? '=1+2' : `Zone ${index}`,
  }));

  beforeAll(async () => {
    started = await startBrowserWorld({}, []);
    ({ page, origin } = started);
    const db = started.world.portal.environment.database.dataSource;
    user = await registerUniqueUser(started.world.portal, 'Ines');
    await db
      .getRepository(ClaimEntity)
      .insert({ userId: user.id, hwaddr, adminKey: '1234', status: 'AUTHED', nickname: 'Depot' });
    // Each received when the panel's clock said (a panel whose clock is right).
    for (const event of events) {
      await db.query(
        `INSERT INTO events (hwaddr, network_id, seq, category, title, date, received_at, location)
         VALUES ($1, 1, $2, $3, $4, $5, $5, $6)`,
        [hwaddr, event.seq, event.category, event.title, event.date, event.location],
      );
    }
    // Before the page's default range (30 days): in no export of it.
    await db.query(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, received_at, location)
       VALUES ($1, 1, 1000, 'fire', 'Long ago', $2, $2, 'N/A')`,
      [hwaddr, new Date(now - 40 * 24 * HOUR_MS)],
    );
  });

  afterAll(() => started?.close());

  async function exportCsv(): Promise<{ fileName: string; rows: string[][]; text: string }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    return { fileName: download.suggestedFilename(), rows: parseCsv(text), text };
  }

  const rowOf = (event: (typeof events)[number]) => [
    formatEventTime(event.date),
    '1',
    { fire: 'Fire', fault: 'Fault', system: 'System' }[event.category],
    event.title,
    event.location.startsWith('=') ? `'${event.location}` : event.location,
  ];

  it("downloads every event of the page's range as CSV, named after the site", async () => {
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill(`${user.name.toLowerCase()}@example.com`);
    await page.getByLabel('Password').fill(`${user.name} password`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await page.goto(`${origin}/site/${hwaddr}/events`);
    await page.getByText('(1) Event 0', { exact: true }).waitFor();
    expect(await page.locator('.event-row').count()).toBe(20);
    // Each time says it is UTC.
    expect(await page.locator('.event-row__time').first().textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} UTC$/,
    );

    const { fileName, rows, text } = await exportCsv();

    const range = defaultEventRange(new Date());
    const day = (date: Date) => date.toISOString().slice(0, 10);
    expect(fileName).toBe(`events-depot-${day(range.start)}-${day(range.end)}.csv`);
    expect(text.startsWith('\uFEFFDate (UTC),Network,Category,Title,Location,Event ID,Test,Panel time (UTC)\r\n')).toBe(
      true,
    );
    expect(rows[0]).toEqual([
      'Date (UTC)',
      'Network',
      'Category',
      'Title',
      'Location',
      'Event ID',
      'Test',
      'Panel time (UTC)',
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual(events.map(rowOf));
    await page.screenshot({ path: screenshotPath('events-export'), fullPage: true });
  });

  it('downloads only the chosen category', async () => {
    await page.getByRole('button', { name: 'Fault' }).click();
    // The page shows the fault events alone: the newest event, a fire, has left it.
    await page.getByText('(1) Event 0', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('(1) Event 1', { exact: true }).waitFor();

    const { fileName, rows } = await exportCsv();

    expect(fileName).toMatch(/^events-depot-fault-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual(
      events.filter((event) => event.category === 'fault').map(rowOf),
    );
  });
});
