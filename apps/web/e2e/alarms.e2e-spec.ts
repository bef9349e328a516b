import { waitUntil } from '@app/testing';
import type { Page } from 'playwright-core';
import { LivefeedRegistry } from '../../portal-api/src/livefeed/socket/livefeed-registry.service';
import { registerUser, type PortalWithPanels, type TestUser } from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { docsScreenshotPath } from './browser.util';
import { claimNamedSites, signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

/** What the page's DOM offers the functions run in it (the e2e project is compiled without the DOM library). */
interface RowElement {
  getAttribute(name: string): string | null;
}
interface PageGlobals {
  document: { querySelectorAll(selector: string): ArrayLike<RowElement> };
}

/** The alarm rows shown, in order: kind, whether cleared, whether acknowledged. */
function shownAlarms(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from((globalThis as unknown as PageGlobals).document.querySelectorAll('[data-testid="alarm-row"]')).map(
      (row) =>
        `${row.getAttribute('data-kind')} ${row.getAttribute('data-state')} ${
          row.getAttribute('data-acknowledged') === 'true' ? 'acknowledged' : 'unacknowledged'
        }`,
    ),
  );
}

/**
 * Alarms people handle (docs/alarms.md), in the built client against portal-api, a real gateway and
 * two simulated panels: the Alarms view fills live as a fault and then a fire happen, fire first,
 * with the unacknowledged count in the navbar; a user acknowledges from the list with a note, from
 * the site's tile and from the panel's status; a reset clears the fire on screen.
 */
describe('the Alarms view in Chromium against portal-api and two simulated panels', () => {
  const depotHwaddr = '0a1b2c3d4ec1';
  const annexeHwaddr = '0a1b2c3d4ec2';
  const key = '1357';
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
    user = await registerUser(world.portal, 'Quinn');
    await claimNamedSites(world, user, key, [
      [depotHwaddr, 'Depot'],
      [annexeHwaddr, 'Annexe'],
    ]);
    await signInWithSession(page, started.origin, user.session);
  });

  afterAll(() => started?.close());

  const waitForAlarms = (expected: string[], what: string) =>
    waitUntil(async () => JSON.stringify(await shownAlarms(page)) === JSON.stringify(expected), what, 20_000);
  const count = () => page.getByTestId('navbar-alarms-count');
  const dialog = () => page.getByRole('dialog', { name: 'Acknowledge alarm' });

  it('fills live as alarms open, fire first, and counts the unacknowledged in the navbar', async () => {
    await page.goto(`${started.origin}/alarms`);
    await page.getByText('No alarms need attention.').waitFor();
    // The page's live feed listens for both sites before the panels speak.
    const registry = world.portal.app.get(LivefeedRegistry);
    await waitUntil(() => registry.forPanel(annexeHwaddr).size > 0, "the browser's socket authorised", 20_000);

    depot.report(depot.model.setZone(2, 1, 'fault'));
    await waitForAlarms(['fault active unacknowledged'], 'the fault, live');
    await count().filter({ hasText: '1' }).waitFor();
    expect(await count().getAttribute('class')).toContain('bg-warning');

    annexe.report(annexe.model.setZone(1, 2, 'fire'));
    await waitForAlarms(['fire active unacknowledged', 'fault active unacknowledged'], 'the fire first, live');
    await count().filter({ hasText: '2' }).waitFor();
    expect(await count().getAttribute('class')).toContain('bg-danger');
    const fireRow = page.getByTestId('alarm-row').first();
    expect(await fireRow.textContent()).toContain('Annexe');
    expect(await fireRow.textContent()).toContain('Fire alarm');
    await page.locator('main').screenshot({ path: docsScreenshotPath('alarms') });
  });

  it('acknowledges the fire from the list with a note, and shows it cleared after the reset', async () => {
    await page.getByTestId('alarm-row').first().getByRole('button', { name: 'Acknowledge' }).click();
    await dialog().getByLabel('Note (optional)').fill('Caretaker on site: detector test in the kitchen');
    await dialog().getByRole('button', { name: 'Acknowledge' }).click();
    await dialog().waitFor({ state: 'hidden' });
    // Acknowledged, it goes below the fault that still waits for someone.
    await waitForAlarms(['fault active unacknowledged', 'fire active acknowledged'], 'the fire acknowledged');
    await count().filter({ hasText: '1' }).waitFor();
    const fireRow = page.locator('[data-testid="alarm-row"][data-kind="fire"]');
    expect(await fireRow.textContent()).toContain('Quinn');
    expect(await fireRow.textContent()).toContain('Caretaker on site: detector test in the kitchen');

    annexe.report(annexe.model.setZone(1, 2, 'normal'));
    await waitForAlarms(['fault active unacknowledged', 'fire cleared acknowledged'], 'the fire cleared, live');
  });

  it("acknowledges from the site's tile and from the panel's status", async () => {
    await page.getByRole('link', { name: /^Site Manager/ }).click();
    const tileAcknowledge = page.locator(
      `.site-tile-frame[data-tile-hwaddr="${depotHwaddr}"] [data-testid="site-tile-acknowledge"]`,
    );
    await tileAcknowledge.click();
    await dialog().getByRole('button', { name: 'Acknowledge' }).click();
    await tileAcknowledge.waitFor({ state: 'detached' });
    await count().waitFor({ state: 'detached' });
    // The tile's button opened no site.
    expect(new URL(page.url()).pathname).toBe('/');

    annexe.report(annexe.model.setZone(1, 3, 'fault'));
    await page.goto(`${started.origin}/site/${annexeHwaddr}/panel/1/status`);
    const panelAlarms = page.getByTestId('panel-alarms');
    await panelAlarms.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog().getByRole('button', { name: 'Acknowledge' }).click();
    await panelAlarms.getByRole('button', { name: 'Acknowledge' }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: /^Alarms/ }).click();
    await waitForAlarms(
      ['fire cleared acknowledged', 'fault active acknowledged', 'fault active acknowledged'],
      'every alarm acknowledged',
    );
  });
});
