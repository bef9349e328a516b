import { MESSAGES, siteStatusText } from '@app/contracts';
import type { Page, Request } from 'playwright-core';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { ACCOUNT_SAVED_MESSAGE } from '../src/account/account-messages.constants';
import { EVENTS_RANGE_REVERSED } from '../src/events/pages/events-messages.constants';
import { CLAIM_REFUSED_ERROR } from '../src/sites/claim-outcome.util';
import { screenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

/** The configured support contact and provider, as an operator would set them. */
const SUPPORT = {
  SUPPORT_PHONE: '+44 113 496 0777',
  SUPPORT_EMAIL: 'help@northern-alarms.example',
  SUPPORT_ADDRESS: 'Northern Alarms Ltd, 4 Mill Yard, Leeds LS2 7AB',
  PROVIDER_NAME: 'Northern Alarms Ltd',
};

/**
 * The screens' rules in the built client against the real stack: the register hint, the account
 * confirmation, a wrong admin key, a claim waiting for its panel, the route rules, a site the user
 * may not open, From after To, the category icons and the configured help contacts.
 */
describe('web client screens in Chromium against portal-api and a simulated panel', () => {
  const hwaddr = '0a1b2c3d4e91';
  const otherHwaddr = '0a1b2c3d4e92';
  /** No panel of this address ever connects: its claim waits. */
  const neverConnectedHwaddr = '0a1b2c3d4e9a';
  const key = '1357';
  let panel: SimulatedPanel;
  let page: Page;
  let origin: string;
  let started: BrowserWorld;

  beforeAll(async () => {
    started = await startBrowserWorld(SUPPORT, [{ hwaddr, key }]);
    ({ page, origin } = started);
    [panel] = started.panels;
  });

  afterAll(() => started?.close());

  const path = () => new URL(page.url()).pathname;

  it('says why a registration is refused, then registers', async () => {
    await page.goto(`${origin}/register`);
    await page.getByLabel('Full name').fill('Sam Surveyor');
    await page.getByLabel('Email').fill('sam@example.com');
    await page.getByLabel('Password').fill('short77');
    await page.getByRole('button', { name: 'Register' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid form credentials: Password must be at least 8 characters.');

    await page.getByLabel('Password').fill('a longer password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
  });

  it('confirms a saved account', async () => {
    await page.getByRole('link', { name: 'My Account' }).click();
    await page.getByLabel('Name').and(page.locator('[value="Sam Surveyor"]')).waitFor();
    await page.getByLabel('Company').fill('Surveyors & Co');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(ACCOUNT_SAVED_MESSAGE).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  });

  it('tells a wrong admin key apart from success, then accepts the right one', async () => {
    await page.getByRole('link', { name: 'Site Manager' }).click();
    await page.getByText('Add Site').click();
    await page.getByLabel('MAC address').fill(hwaddr);
    await page.getByLabel('Admin password').fill('2468');
    await page.getByRole('button', { name: 'Add Site' }).click();

    await page.getByText(CLAIM_REFUSED_ERROR).waitFor();
    expect(path()).toBe('/site/add');
    const shot = screenshotPath('add-site-wrong-key');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`Wrong key screenshot: ${shot}`);

    await page.getByLabel('Admin password').fill(key);
    await page.getByRole('button', { name: 'Add Site' }).click();
    await page.waitForURL(`${origin}/`);
    await page.locator(`[data-hwaddr="${hwaddr}"]`).getByText('Authorised', { exact: true }).waitFor();
  });

  it('goes home after claiming a panel that never connected, its tile saying what the panel needs', async () => {
    await page.getByText('Add Site').click();
    await page.getByLabel('MAC address').fill(neverConnectedHwaddr);
    await page.getByLabel('Admin password').fill(key);
    await page.getByRole('button', { name: 'Add Site' }).click();

    await page.waitForURL(`${origin}/`);
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await page.locator(`[data-hwaddr="${neverConnectedHwaddr}"]`).getByText(siteStatusText('WAITING')).waitFor();
  });

  it("explains on the waiting site's Update Key that its panel has not connected yet", async () => {
    await page.locator(`[data-hwaddr="${neverConnectedHwaddr}"]`).click();
    await page.waitForURL(`${origin}/site/reauth/${neverConnectedHwaddr}`);
    const note = page.getByRole('note');
    await note.getByText('The panel has not connected to the portal yet').waitFor();
    expect(await note.textContent()).toContain('Network > Cloud');
    await page.screenshot({ path: screenshotPath('update-key-waiting'), fullPage: true });
    await page.goto(`${origin}/`);
  });

  it('sends a relay id that is not digits and a three-digit network home', async () => {
    for (const bad of ['/relay/abc', `/site/${hwaddr}/panel/123`]) {
      await page.goto(`${origin}${bad}`);
      await page.waitForURL(`${origin}/`);
      await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    }
  });

  it('warns, reloads the claims and goes home for a site the user may not open', async () => {
    const claimsRequests: string[] = [];
    const listen = (request: Request) => {
      if (request.url().endsWith('/api/v2/claims/auth')) claimsRequests.push(request.url());
    };
    page.on('request', listen);
    await page.goto(`${origin}/site/${otherHwaddr}/events`);
    const toasts = page.locator('.Toastify__toast').filter({ hasText: MESSAGES.noPanelAccess });
    await toasts.waitFor();
    await page.waitForURL(`${origin}/`);
    page.off('request', listen);

    expect(await toasts.count()).toBe(1);
    expect(claimsRequests.length).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('button', { name: 'All' }).count()).toBe(0);
  });

  it('shows fire, fault, system and service events with icons of their own', async () => {
    await page.goto(`${origin}/site/${hwaddr}/events`);
    await page.getByRole('button', { name: 'All' }).waitFor();
    const now = new Date().toISOString();
    panel.report(panel.model.setZone(1, 2, 'fire'));
    panel.report(panel.model.setZone(1, 3, 'fault'));
    panel.link.sendEvent({ networkId: 1, category: 'system', title: 'Mains restored', location: 'N/A', date: now });
    panel.link.sendEvent({ networkId: 1, category: 'service', title: 'Service due', location: 'N/A', date: now });

    const rows = page.locator('.event-row');
    for (const category of ['fire', 'fault', 'system', 'service'])
      await page.locator(`.event-row--${category}`).first().waitFor();
    const glyphs = await rows.evaluateAll((elements) =>
      Object.fromEntries(
        elements.map((row) => {
          const icon = row.querySelector('[role="img"]');
          return [icon?.getAttribute('aria-label') ?? '', icon?.querySelector('path')?.getAttribute('d') ?? ''];
        }),
      ),
    );
    expect(Object.keys(glyphs).sort()).toEqual(['Fault', 'Fire', 'Service', 'System']);
    expect(glyphs.Fire).not.toBe(glyphs.Fault);
    expect(glyphs.System).not.toBe(glyphs.Service);
    const shot = screenshotPath('events-icons');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`Event icons screenshot: ${shot}`);
  });

  it('catches a From after To in the page and sends nothing', async () => {
    const eventRequests: string[] = [];
    const listen = (request: Request) => {
      if (request.url().includes(`/api/v2/sites/${hwaddr}/events`)) eventRequests.push(request.url());
    };
    page.on('request', listen);
    await page.locator('#events-from').fill('01/01/2099');
    await page.getByText(EVENTS_RANGE_REVERSED).waitFor();
    expect(await page.locator('.event-row').count()).toBe(0);
    const shot = screenshotPath('events-from-after-to');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`From after To screenshot: ${shot}`);

    // Back to a valid range: one request, the list again.
    await page.locator('#events-from').fill('01/01/2020');
    await page.locator('.event-row--fire').first().waitFor();
    page.off('request', listen);
    expect(eventRequests).toHaveLength(1);
    expect(await page.getByText(EVENTS_RANGE_REVERSED).count()).toBe(0);
  });

  it('shows the configured support contact on the help page and the provider in the footer', async () => {
    await page.goto(`${origin}/help`);
    await page.getByRole('link', { name: SUPPORT.SUPPORT_PHONE }).waitFor();
    await page.getByRole('link', { name: SUPPORT.SUPPORT_EMAIL }).waitFor();
    await page.getByText(SUPPORT.SUPPORT_ADDRESS).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/[{}]/);
    expect(await page.locator('footer').textContent()).toContain(
      `© ${new Date().getFullYear()} ${SUPPORT.PROVIDER_NAME}`,
    );
    // From the real portal: one word of its state, when it checked, and no dependency's name.
    const status = page.getByRole('region', { name: 'System status' });
    await status.getByText('The portal is working normally.').waitFor();
    await status.getByText(/^Checked at .* UTC$/).waitFor();
    expect(await status.textContent()).not.toMatch(/database|nats|redis|consumer/i);
    const shot = screenshotPath('help-signed-in');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`Help screenshot: ${shot}`);
  });

  it('keeps the system status to signed-in users', async () => {
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await page.goto(`${origin}/help`);
    await page.getByRole('link', { name: SUPPORT.SUPPORT_EMAIL }).waitFor();
    expect(await page.getByRole('region', { name: 'System status' }).count()).toBe(0);
    const shot = screenshotPath('help-signed-out');
    await page.screenshot({ path: shot, fullPage: true });
    console.info(`Help (signed out) screenshot: ${shot}`);
  });
});
