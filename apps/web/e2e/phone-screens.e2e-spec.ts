// The functions handed to page.evaluate run in the browser.
/// <reference lib="dom" />
import request from 'supertest';
import { waitUntil } from '@app/testing';
import type { Locator, Page } from 'playwright-core';
import { registerUser, type PortalWithPanels, type TestUser } from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { cutCells, docsScreenshotPath, screenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

/** An iPhone SE's screen, the smallest phone the portal supports. */
const PHONE = { width: 375, height: 667 };
// The relay's address is never reached here (no relay-worker): allowed only so that it can be saved.
const RELAY_ENV = {
  RELAY_SECRET_KEY: 'phone-screens-e2e-secret-key-0123456789abcd',
  RELAY_ALLOWED_TARGETS: '127.0.0.1',
};

const SWITCHED_OFF = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };

/**
 * The main journeys on a phone-sized screen (375×667) in the built client against portal-api, a
 * gateway and a simulated panel: sign in, the collapsed navbar, add a site, the site's events and
 * notifications, the panel's status and a confirmed command, its devices, a relay's screen and My
 * Account; then every other screen. On each, nothing is wider than the screen (no sideways scroll
 * of the page: wide tables scroll inside themselves), and each journey's screen is kept as
 * docs/screenshots/phone-*.png (with UPDATE_DOCS_SCREENSHOTS=1).
 */
describe('phone-sized screens in Chromium against portal-api and a simulated panel', () => {
  const hwaddr = '0a1b2c3d4e95';
  const key = '9753';
  let world: PortalWithPanels;
  let panel: SimulatedPanel;
  let page: Page;
  let origin: string;
  let started: BrowserWorld;
  let user: TestUser;
  let relayId: number;
  /** Whether the page's latest live feed socket listens (its first Heartbeat came). */
  let feed = { listening: false };

  beforeAll(async () => {
    started = await startBrowserWorld({ TIME_DESYNC_THRESHOLD: '10m', ...RELAY_ENV }, [{ hwaddr, key }], PHONE);
    ({ world, page, origin } = started);
    [panel] = started.panels;
    page.on('websocket', (socket) => {
      const current = { listening: false };
      feed = current;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"Heartbeat"')) current.listening = true;
      });
    });
    user = await registerUser(world.portal, 'Phoebe');
    const relay = await request(world.portal.server)
      .post('/api/relays/_new')
      .set('Authorization', `Bearer ${user.session}`)
      .send({ host: '127.0.0.1', name: 'Yard strobe', password: 'Sounder strobe relay key 32 char' })
      .expect(200);
    relayId = (relay.body as { id: number }).id;
  });

  afterAll(() => started?.close());

  /** Fails naming the screen when the page is wider than the phone (it would scroll sideways). */
  async function expectFitsThePhone(screen: string): Promise<void> {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect({ screen, overflow: Math.max(0, scrollWidth - innerWidth) }).toEqual({ screen, overflow: 0 });
  }

  /** Closes the toasts on screen, so that a full-page screenshot shows the page. */
  async function closeToasts(): Promise<void> {
    await waitUntil(
      () =>
        page.evaluate(() => {
          for (const button of document.querySelectorAll<HTMLElement>('.Toastify__close-button')) button.click();
          // Gone, and the room the page kept below its content for them with them.
          const room = getComputedStyle(document.documentElement).getPropertyValue('--toast-dock-height');
          return document.querySelectorAll('.Toastify__toast').length === 0 && ['', '0px'].includes(room.trim());
        }),
      'the toasts to go',
    );
  }

  /** The screen as the user sees it (the whole page, scrolled), for the docs. */
  async function keepScreenshot(name: string, fullPage = true): Promise<void> {
    if (fullPage) await closeToasts();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: docsScreenshotPath(`phone-${name}`), fullPage });
  }

  /** Whether the element lies within the screen's width (a dialog, a button). */
  async function withinTheWidth(locator: Locator): Promise<boolean> {
    const box = await locator.boundingBox();
    return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
  }

  const toggle = () => page.getByRole('button', { name: 'Toggle navigation' });

  /** Opens a navbar link through the collapsed menu. */
  async function openFromMenu(name: string): Promise<void> {
    await toggle().click();
    // Unfolded, as a user waits to see it: a click while the links still slide open can land beside them.
    await page.locator('#app-navbar-links.collapse.show').waitFor();
    // The Site Manager link's name ends with its unread count.
    await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  }

  it('signs in', async () => {
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await expectFitsThePhone('login');
    await keepScreenshot('login');

    await page.getByLabel('Email').fill('phoebe@example.com');
    await page.getByLabel('Password').fill('Phoebe password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
  });

  it('collapses the navbar behind a toggle that opens its links', async () => {
    const accountLink = page.getByRole('link', { name: 'My Account' });
    expect(await accountLink.isVisible()).toBe(false);
    await toggle().click();
    await page.locator('#app-navbar-links.show').waitFor();
    await accountLink.waitFor();
    await page.getByRole('link', { name: 'Logout' }).waitFor();
    await expectFitsThePhone('navbar menu');
    await keepScreenshot('navbar-menu', false);
    await toggle().click();
    await accountLink.waitFor({ state: 'hidden' });
  });

  it('adds a site, back on the Site Manager with its tile and the relay tile', async () => {
    await page.getByText('Add Site').click();
    await page.getByLabel('MAC address').waitFor();
    await page.getByLabel('MAC address').fill(hwaddr);
    await page.getByLabel('Admin password').fill(key);
    await page.getByLabel('Site nickname').fill('Depot');
    await expectFitsThePhone('add site');
    await keepScreenshot('add-site');
    await page.getByRole('button', { name: 'Add Site' }).click();

    await page.waitForURL(`${origin}/`);
    await page.locator(`[data-hwaddr="${hwaddr}"]`).getByText('Authorised', { exact: true }).waitFor();
    await page.locator('.relay-tile', { hasText: 'Yard strobe' }).waitFor();
    await expectFitsThePhone('site manager');
    await keepScreenshot('site-manager');
  });

  it("shows the site's events", async () => {
    panel.report(panel.model.setZone(1, 2, 'fire'));
    panel.report(panel.model.note(1, 'system', 'Mains restored'));
    await page.locator(`[data-hwaddr="${hwaddr}"]`).click();
    await page.waitForURL(`${origin}/site/${hwaddr}/events`);
    await page.getByText('(1) Fire alarm').waitFor();
    await page.getByText('(1) Mains restored').waitFor();
    await expectFitsThePhone('site events');
    await keepScreenshot('site-events');
  });

  it("shows the site's notifications", async () => {
    const skewed = new Date(Date.now() - 3 * 3600_000).toISOString();
    panel.link.sendEvent({ networkId: 1, category: 'system', title: 'Clock check', location: 'N/A', date: skewed });
    await page.getByRole('link', { name: /Notifications/ }).click();
    await page.getByText('Panel time possibly out of sync').waitFor();
    await expectFitsThePhone('site notifications');
    await keepScreenshot('site-notifications');
  });

  it("shows the panel's status and sends a command through its confirmation", async () => {
    await page.getByRole('link', { name: 'Panels', exact: true }).click();
    // The widget says the panel is in fire, and where, before it is opened.
    await page
      .locator('.panel-tile.panel-tile--fire')
      .getByText(/^Fire: zones? \d/)
      .waitFor();
    await page.locator('.panel-tile').first().click();
    await page.waitForURL(`${origin}/site/${hwaddr}/panel/1/status`);
    await page.getByTestId('runtime-fires').locator('.badge', { hasText: '3' }).waitFor();
    await expectFitsThePhone('panel status');
    await keepScreenshot('panel-status');

    await page.getByRole('button', { name: 'Reset' }).click();
    const dialog = page.getByRole('dialog');
    const send = dialog.getByRole('button', { name: 'Send Reset' });
    await send.waitFor();
    await dialog.getByLabel('I confirm I wish to reset while a fire is shown.').check();
    expect(await withinTheWidth(page.locator('.modal-dialog'))).toBe(true);
    expect(await withinTheWidth(send)).toBe(true);
    await expectFitsThePhone('command dialog');
    await keepScreenshot('command-dialog', false);
    await send.click();

    await page.getByText('Depot, Panel 1 applied Reset.').waitFor();
    await page.getByText('No zones currently on fire').waitFor();
    await page.getByRole('region', { name: 'Recent commands' }).locator('tr', { hasText: 'Reset' }).waitFor();
    await expectFitsThePhone('panel status with its recent commands');
    // Each command a card, every column readable whole.
    expect(await cutCells(page, '.recent-commands')).toEqual([]);
    expect(await page.locator('.recent-commands tbody tr', { hasText: 'Reset' }).textContent()).toMatch(
      /Phoebe.*Reset.*ok/,
    );
    // The fire's alarm, cleared by the reset: its timeline a card per change, no column cut.
    await page.goto(`${origin}/alarms`);
    await page.locator('a[href^="/alarms/"]').first().click();
    await page.getByTestId('alarm-timeline').locator('tbody tr').first().waitFor();
    await expectFitsThePhone('alarm detail');
    expect(await cutCells(page, '.alarm-timeline')).toEqual([]);
  });

  it("lists the panel's modules and devices, no cell cut at the phone's width", async () => {
    await page.goto(`${origin}/site/${hwaddr}/panel/1/modules`);
    await page.locator('.modules-table tbody tr').first().waitFor();
    await expectFitsThePhone('panel modules');
    expect(await cutCells(page, '.modules-table')).toEqual([]);

    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await page.waitForURL(`${origin}/site/${hwaddr}/panel/1/devices`);
    await page.locator('tr.device-row').first().waitFor();
    await expectFitsThePhone('panel devices');
    expect(await cutCells(page, '.devices-table')).toEqual([]);
    await keepScreenshot('panel-devices');

    await page
      .getByRole('link', { name: /^Edit device / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.screenshot({ path: screenshotPath('phone-device-editor'), fullPage: true });
    await expectFitsThePhone('device editor');
  });

  it("shows a relay's actions", async () => {
    await request(world.portal.server)
      .post(`/api/relays/${relayId}/actions`)
      .set('Authorization', `Bearer ${user.session}`)
      .send({ action: { hwaddr, on_fire: { ...SWITCHED_OFF, relay_1: 5 }, on_fault: SWITCHED_OFF } })
      .expect(200);
    await openFromMenu('Site Manager');
    await page.locator('.relay-tile', { hasText: 'Yard strobe' }).click();
    await page.getByRole('heading', { name: 'Yard strobe' }).waitFor();
    await page.locator(`.relay-action[data-hwaddr="${hwaddr}"]`).waitFor();
    await expectFitsThePhone('relay screen');
    await keepScreenshot('relay-screen');
  });

  it('shows My Account', async () => {
    await openFromMenu('My Account');
    await page.getByLabel('Name').and(page.locator('[value="Phoebe"]')).waitFor();
    await page.getByLabel('Toasts for other events').waitFor();
    await expectFitsThePhone('my account');
    await keepScreenshot('account');
  });

  it('shows a burst of other events as one toast across the bottom of the screen', async () => {
    feed = { listening: false };
    await page.goto(`${origin}/site/${hwaddr}/panel/1/devices`);
    await page.locator('tr.device-row').first().waitFor();
    await waitUntil(() => feed.listening, 'the live feed to listen');
    await closeToasts();
    panel.report(panel.model.note(1, 'system', 'Mains check 1'));
    const toast = page.locator('.Toastify__toast', { hasText: 'Depot: ' });
    await toast.waitFor();
    // Pointed at, as a user reading it would: it stays however slowly a busy machine delivers the rest.
    await toast.hover();
    for (let index = 2; index <= 12; index += 1) panel.report(panel.model.note(1, 'system', `Mains check ${index}`));

    await page.locator('.Toastify__toast', { hasText: 'Depot: 12 new events' }).waitFor();
    // The full width, at the bottom (toasts stand 1px apart).
    const box = (await toast.boundingBox())!;
    expect([box.x, box.width]).toEqual([0, PHONE.width]);
    expect(PHONE.height - (box.y + box.height)).toBeLessThanOrEqual(1);
    await expectFitsThePhone('toast');
    await keepScreenshot('toast', false);
  });

  it('fits every other screen in the width of the phone', async () => {
    const screens: Array<[string, string, string]> = [
      ['site panels', `/site/${hwaddr}`, '.panel-tile'],
      ['site configuration', `/site/${hwaddr}/about`, '#site-nickname'],
      ['panel events', `/site/${hwaddr}/panel/1/events`, '.event-row'],
      ['panel modules', `/site/${hwaddr}/panel/1/modules`, '.modules-table'],
      ['panel about', `/site/${hwaddr}/panel/1/about`, 'form'],
      ['zone editor', `/site/${hwaddr}/panel/1/devices/zone/0`, 'form'],
      ['module editor', `/site/${hwaddr}/panel/1/modules/4`, 'form'],
      ['update key', `/site/reauth/${hwaddr}`, 'form'],
      ['add relay', '/relay/add', 'form'],
      ['relay settings', `/relay/${relayId}/edit`, 'form'],
      ['companies', '/companies', 'main h1'],
      ['help', '/help', 'main h1'],
      ['privacy', '/privacy', 'main h1'],
    ];
    for (const [screen, path, shown] of screens) {
      await page.goto(`${origin}${path}`);
      await page.locator(shown).first().waitFor();
      await page.screenshot({ path: screenshotPath(`phone-${screen.replaceAll(' ', '-')}`), fullPage: true });
      await expectFitsThePhone(screen);
      // No table on it cuts a cell (the module editor's, the panel's About, the relay's Info).
      expect([screen, await cutCells(page, 'body')]).toEqual([screen, []]);
    }
    await openFromMenu('Logout');
    // Signed out once the sign-in page shows: a page loaded before would still find the session.
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    for (const [screen, path] of [
      ['register', '/register'],
      ['reset request', '/resetpass'],
    ]) {
      await page.goto(`${origin}${path}`);
      await page.locator('form').waitFor();
      await page.screenshot({ path: screenshotPath(`phone-${screen.replaceAll(' ', '-')}`), fullPage: true });
      await expectFitsThePhone(screen);
    }
  });
});
