// The functions handed to page.evaluate run in the browser.
/// <reference lib="dom" />
import request from 'supertest';
import { AUTH_STORAGE_KEY } from '@app/contracts';
import { waitUntil } from '@app/testing';
import type { Page } from 'playwright-core';
import {
  registerUser,
  waitForClaimStatus,
  type PortalWithPanels,
  type TestUser,
} from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { docsScreenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

const RELAY_ENV = {
  RELAY_SECRET_KEY: 'calm-toasts-e2e-secret-key-0123456789abcdef',
  RELAY_ALLOWED_TARGETS: '127.0.0.1',
};
const SWITCHED_OFF = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };

/**
 * Toasts of a lively panel in the built client against portal-api, a gateway and a simulated
 * panel: a burst of its other events is one toast that counts them, clear of the page's controls
 * (the Devices 'Edit' links, the filter's Clear button, a relay's action card), fire and fault still
 * each their own; and the user's 'Toasts for other events' turned off in My Account holds in every
 * browser they sign in to.
 */
describe('calm toasts in Chromium against portal-api and a simulated panel', () => {
  const hwaddr = '0a1b2c3d4e96';
  const key = '8531';
  let world: PortalWithPanels;
  let panel: SimulatedPanel;
  let page: Page;
  let origin: string;
  let started: BrowserWorld;
  let user: TestUser;
  let relayId: number;
  let sent = 0;

  beforeAll(async () => {
    started = await startBrowserWorld(RELAY_ENV, [{ hwaddr, key }]);
    ({ world, page, origin } = started);
    [panel] = started.panels;
    user = await registerUser(world.portal, 'Toby');
    const api = (path: string, body: object) =>
      request(world.portal.server).post(path).set('Authorization', `Bearer ${user.session}`).send(body).expect(200);
    await api('/api/v2/claims/create', { hwaddr, key, nickname: 'Depot' });
    await waitForClaimStatus(world.portal, user, hwaddr, 'AUTHED');
    const relay = await api('/api/relays/_new', {
      host: '127.0.0.1',
      name: 'Yard strobe',
      password: 'Sounder strobe relay key 32 char',
    });
    relayId = (relay.body as { id: number }).id;
    await api(`/api/relays/${relayId}/actions`, {
      action: { hwaddr, on_fire: { ...SWITCHED_OFF, relay_1: 5 }, on_fault: SWITCHED_OFF },
    });
    page = await signedInPage();
  });

  afterAll(() => started?.close());

  /** Whether each page's latest live feed socket listens (its first Heartbeat came). */
  const feeds = new WeakMap<Page, { listening: boolean }>();
  /** What each page's live feed received and its console said, latest last: told when a wait fails. */
  const seen = new WeakMap<Page, string[]>();

  function note(on: Page, line: string): void {
    const lines = seen.get(on) ?? [];
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 200)}`);
    seen.set(on, lines.slice(-40));
  }

  /** A toast waited for; when it never shows, the error says what the page's feed and console saw. */
  async function shown(on: Page, toast: ReturnType<Page['locator']>): Promise<void> {
    try {
      await toast.waitFor();
    } catch (error) {
      const toastsNow = await on.locator('.Toastify__toast').allTextContents();
      throw new Error(
        `${(error as Error).message}\ntoasts shown: ${JSON.stringify(toastsNow)}\nthe page saw:\n${(seen.get(on) ?? []).join('\n')}`,
        { cause: error },
      );
    }
  }

  /** A page of a browser of its own, signed in as the user, its live feed listening. */
  async function signedInPage(): Promise<Page> {
    const context = await started.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const fresh = await context.newPage();
    fresh.setDefaultTimeout(20_000);
    fresh.on('websocket', (socket) => {
      const feed = { listening: false };
      feeds.set(fresh, feed);
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"Heartbeat"')) feed.listening = true;
        else note(fresh, `frame ${String(payload)}`);
      });
    });
    fresh.on('console', (message) => note(fresh, `console.${message.type()} ${message.text()}`));
    await fresh.goto(`${origin}/login`);
    await fresh.evaluate(
      ([storageKey, value]) => localStorage.setItem(storageKey, value),
      [AUTH_STORAGE_KEY, JSON.stringify({ session: user.session })],
    );
    await open(fresh, '/');
    await fresh.getByRole('heading', { name: 'Site Manager' }).waitFor();
    return fresh;
  }

  /** Loads `path` on the page and waits until its live feed listens, so that no event of the test goes untold. */
  async function open(on: Page, path: string): Promise<void> {
    feeds.delete(on);
    await on.goto(`${origin}${path}`);
    await waitUntil(() => feeds.get(on)?.listening === true, 'the live feed to listen');
  }

  /** The panel reports `count` system events. */
  function otherEvents(count: number): void {
    for (let index = 0; index < count; index += 1) {
      sent += 1;
      panel.report(panel.model.note(1, 'system', `Mains check ${sent}`));
    }
  }

  const toasts = (on: Page) => on.locator('.Toastify__toast');

  /** Closes every toast and waits until they and the room the page kept for them are gone. */
  async function closeToasts(on: Page): Promise<void> {
    await waitUntil(
      () =>
        on.evaluate(() => {
          for (const button of document.querySelectorAll<HTMLElement>('.Toastify__close-button')) button.click();
          const room = getComputedStyle(document.documentElement).getPropertyValue('--toast-dock-height');
          return document.querySelectorAll('.Toastify__toast').length === 0 && ['', '0px'].includes(room.trim());
        }),
      'the toasts to go',
    );
  }

  /**
   * The controls (of those shown) that a toast lies over when each is scrolled to the lowest place
   * the page shows it clear of them, as scrolling it into view does: their labels. A control can
   * always be scrolled out from under the toasts, those at the end of the page too.
   */
  function coveredControls(on: Page, selector: string): Promise<string[]> {
    return on.evaluate((controls) => {
      const overlap = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const covered: string[] = [];
      for (const control of document.querySelectorAll<HTMLElement>(controls)) {
        if (control.closest('.Toastify') || control.getClientRects().length === 0) continue;
        // At once: bootstrap makes the page's scrolling smooth, which would measure it half way.
        control.scrollIntoView({ behavior: 'instant', block: 'end', inline: 'nearest' });
        const box = control.getBoundingClientRect();
        const toasts = [...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.getBoundingClientRect());
        if (toasts.some((toast) => overlap(box, toast)))
          covered.push(control.getAttribute('aria-label') ?? control.textContent ?? control.tagName);
      }
      return covered;
    }, selector);
  }

  it('shows a burst of 50 other events from the panel as one toast that counts them, clear of the Devices controls', async () => {
    await open(page, `/site/${hwaddr}/panel/1/devices`);
    await page.locator('tr.device-row').first().waitFor();

    otherEvents(1);
    const toast = toasts(page).filter({ hasText: 'Depot: ' });
    await shown(page, toast);
    // Pointed at, as a user reading it would: it stays however slowly a busy machine delivers the rest.
    await toast.hover();
    otherEvents(49);

    await toasts(page).filter({ hasText: 'Depot: 50 new events' }).waitFor();
    expect(await toasts(page).count()).toBe(1);
    // The Edit links and the filter's Clear button among them.
    expect(await coveredControls(page, 'a[href], button, input')).toEqual([]);
    expect(await toasts(page).count()).toBe(1);
    expect(await toast.textContent()).toBe('OtherDepot: 50 new events');
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await page.screenshot({ path: docsScreenshotPath('toast-burst') });
    await closeToasts(page);
  });

  it("keeps a relay's action card clear of the toasts", async () => {
    await open(page, `/relay/${relayId}`);
    await page.locator(`.relay-action[data-hwaddr="${hwaddr}"]`).waitFor();
    otherEvents(1);
    const toast = toasts(page).filter({ hasText: 'Depot: ' });
    await shown(page, toast);
    await toast.hover();
    otherEvents(9);
    await toasts(page).filter({ hasText: 'Depot: 10 new events' }).waitFor();

    expect(await coveredControls(page, '.relay-action input, .relay-action button, .relay-action select')).toEqual([]);
    await closeToasts(page);
  });

  it('shows fire and fault each as the spec says, beside the burst', async () => {
    await open(page, `/site/${hwaddr}/events`);
    await page.getByRole('button', { name: 'All' }).waitFor();
    otherEvents(1);
    const burst = toasts(page).filter({ hasText: 'Depot: ' }).filter({ hasText: 'Other' });
    await shown(page, burst);
    await burst.hover();
    otherEvents(10);
    panel.report(panel.model.setZone(1, 2, 'fire'));
    panel.report(panel.model.setZone(1, 3, 'fault'));

    await toasts(page).filter({ hasText: 'Fire' }).filter({ hasText: 'Depot: Fire alarm' }).waitFor();
    await toasts(page).filter({ hasText: 'Fault' }).filter({ hasText: 'Depot: ' }).last().waitFor();
    // The fire's and the fault's toasts moved the burst's from under the pointer, which would let it
    // close on a slow machine: the reader's pointer follows it, and the burst goes on counting.
    await burst.hover();
    otherEvents(10);
    await toasts(page).filter({ hasText: 'Depot: 21 new events' }).waitFor();
    expect(await toasts(page).filter({ hasText: 'new events' }).count()).toBe(1);
    await closeToasts(page);
  });

  it("shows no toast for other events once 'Toasts for other events' is off in My Account, in another browser too", async () => {
    await open(page, '/account');
    const preference = page.getByLabel('Toasts for other events');
    await page.getByLabel('Name').and(page.locator('[value="Toby"]')).waitFor();
    expect(await preference.isChecked()).toBe(true);
    await preference.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your account details have been saved.').waitFor();

    const elsewhere = await signedInPage();
    for (const on of [page, elsewhere]) await closeToasts(on);
    otherEvents(20);
    panel.report(panel.model.setZone(1, 4, 'fire'));

    for (const on of [page, elsewhere]) {
      // The fire comes after the other events: once it shows, they were all handled.
      await toasts(on).filter({ hasText: 'Depot: Fire alarm' }).waitFor();
      expect(await toasts(on).filter({ hasText: 'Other' }).count()).toBe(0);
    }
    await elsewhere.context().close();
  });
});
