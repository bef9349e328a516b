import { hwaddrToColonForm } from '@app/contracts';
import { waitUntil } from '@app/testing';
import type { Page } from 'playwright-core';
import { LivefeedRegistry } from '../../portal-api/src/livefeed/socket/livefeed-registry.service';
import { registerUser, type PortalWithPanels, type TestUser } from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { docsScreenshotPath } from './browser.util';
import { claimNamedSites, signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

/** What the page's DOM offers the functions run in it (the e2e project is compiled without the DOM library). */
interface TileElement {
  getAttribute(name: string): string | null;
}
interface PageGlobals {
  document: {
    querySelectorAll(selector: string): ArrayLike<TileElement>;
  };
  getComputedStyle(element: unknown): { borderTopColor: string };
}

/** The site tiles' hwaddr and live state, in the order shown. */
function shownTiles(page: Page): Promise<Array<[string | null, string | null]>> {
  return page.evaluate(() =>
    Array.from(
      (globalThis as unknown as PageGlobals).document.querySelectorAll('[data-testid="site-tiles"] .site-tile'),
    ).map(
      (tile) =>
        [tile.getAttribute('data-hwaddr'), tile.getAttribute('data-alarm-state')] as [string | null, string | null],
    ),
  );
}

/**
 * Alarms at a glance, in the built client against portal-api, a real gateway and two simulated
 * panels: a fire on one panel turns its site's tile red and puts it first, live, with no reload; a
 * fault shows on the other; clearing the fire puts the tiles back in their order; the search
 * narrows the tiles by name or MAC.
 */
describe('the Site Manager tiles in Chromium against portal-api and two simulated panels', () => {
  const depotHwaddr = '0a1b2c3d4eb1';
  const annexeHwaddr = '0a1b2c3d4eb2';
  const key = '2468';
  let started: BrowserWorld;
  let world: PortalWithPanels;
  let page: Page;
  let depot: SimulatedPanel;
  let annexe: SimulatedPanel;
  let user: TestUser;

  beforeAll(async () => {
    started = await startBrowserWorld({}, [
      { hwaddr: depotHwaddr, key },
      { hwaddr: annexeHwaddr, key },
    ]);
    ({ world, page } = started);
    [depot, annexe] = started.panels;
    user = await registerUser(world.portal, 'Ivy');
    // Depot is added first, so listed first while neither is in alarm.
    await claimNamedSites(world, user, key, [
      [depotHwaddr, 'Depot'],
      [annexeHwaddr, 'Annexe'],
    ]);
    await signInWithSession(page, started.origin, user.session);
  });

  afterAll(() => started?.close());

  const tiles = () => page.locator('[data-testid="site-tiles"] .site-tile');
  const waitForTiles = (expected: Array<[string, string]>, what: string) =>
    waitUntil(async () => JSON.stringify(await shownTiles(page)) === JSON.stringify(expected), what, 20_000);

  it('puts a site in fire first and red as the fire happens, shows a fault, and restores the order when the fire clears', async () => {
    await page.goto(started.origin);
    await waitForTiles(
      [
        [depotHwaddr, 'normal'],
        [annexeHwaddr, 'normal'],
      ],
      'both tiles, in the order the sites were added',
    );
    // The page's live feed listens for both sites before the panels speak.
    const registry = world.portal.app.get(LivefeedRegistry);
    await waitUntil(() => registry.forPanel(annexeHwaddr).size > 0, "the browser's socket authorised", 20_000);

    depot.report(depot.model.setZone(2, 1, 'fault'));
    await tiles().filter({ hasText: 'In fault: 1 zone' }).waitFor();

    const reportedAt = Date.now();
    annexe.report(annexe.model.setZone(1, 2, 'fire'));
    // Polled at each frame: the time the page first showed the fire's tile first.
    const shownAt = await page.waitForFunction(
      (hwaddr) => {
        const [first] = Array.from(
          (globalThis as unknown as PageGlobals).document.querySelectorAll('[data-testid="site-tiles"] .site-tile'),
        );
        return first?.getAttribute('data-hwaddr') === hwaddr && first.getAttribute('data-alarm-state') === 'fire'
          ? Date.now()
          : false;
      },
      annexeHwaddr,
      { polling: 'raf', timeout: 20_000 },
    );
    const elapsed = ((await shownAt.jsonValue()) as number) - reportedAt;
    console.info(`A fire on a panel turned its Site Manager tile red and first ${elapsed} ms after the panel sent it`);

    expect(await shownTiles(page)).toEqual([
      [annexeHwaddr, 'fire'],
      [depotHwaddr, 'fault'],
    ]);
    const fireTile = tiles().first();
    expect(await fireTile.textContent()).toContain('In fire: 1 zone');
    // Bootstrap's danger red, the colour of the fire's border.
    expect(
      await fireTile.evaluate((tile) => (globalThis as unknown as PageGlobals).getComputedStyle(tile).borderTopColor),
    ).toBe('rgb(220, 53, 69)');
    // The page's content, without the toasts of the fire and the fault coming in below it.
    await page.locator('main').screenshot({ path: docsScreenshotPath('site-manager-alarms') });

    annexe.report(annexe.model.setZone(1, 2, 'normal'));
    await waitForTiles(
      [
        [depotHwaddr, 'fault'],
        [annexeHwaddr, 'normal'],
      ],
      'the fire cleared: the tiles in their order again',
    );
    depot.report(depot.model.setZone(2, 1, 'normal'));
    await waitForTiles(
      [
        [depotHwaddr, 'normal'],
        [annexeHwaddr, 'normal'],
      ],
      'the fault cleared too',
    );
  });

  it('narrows the tiles by name, or by MAC with or without colons in any case', async () => {
    const search = page.getByLabel('Search sites');
    const narrowed = async (text: string, expected: string[]) => {
      await search.fill(text);
      await waitUntil(
        async () =>
          JSON.stringify((await shownTiles(page)).map(([hwaddr]) => hwaddr).sort()) ===
          JSON.stringify([...expected].sort()),
        `the tiles matching '${text}'`,
        20_000,
      );
    };

    await narrowed('annex', [annexeHwaddr]);
    await narrowed(depotHwaddr.toUpperCase(), [depotHwaddr]);
    await narrowed(hwaddrToColonForm(annexeHwaddr).toLowerCase(), [annexeHwaddr]);
    await narrowed('0A:1B:2C', [depotHwaddr, annexeHwaddr]);
    await narrowed('warehouse', []);
    await page.getByText('No site matches your search.').waitFor();
    await narrowed('', [depotHwaddr, annexeHwaddr]);
  });
});
