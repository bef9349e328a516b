import { AUTH_STORAGE_KEY } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import {
  startPortalWithPanels,
  waitForClaimStatus,
  type PortalWithPanels,
  type TestUser,
} from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { launchChromium } from './browser.util';

export interface BrowserWorldPanel {
  hwaddr: string;
  key: string;
  cloudControl?: boolean;
}

/** The built client served by portal-api with a real gateway, its panels connected, and a Chromium page. */
export interface BrowserWorld {
  world: PortalWithPanels;
  /** In the order asked for, each connected (so that a claim's key is checked at once). */
  panels: SimulatedPanel[];
  browser: Browser;
  page: Page;
  /** http://127.0.0.1:<portal-api's port> */
  origin: string;
  close(): Promise<void>;
}

export async function startBrowserWorld(
  env: Record<string, string>,
  panels: BrowserWorldPanel[],
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<BrowserWorld> {
  const webDir = process.env.E2E_WEB_DIST_DIR;
  if (!webDir) throw new Error('The web client was not built: E2E_WEB_DIST_DIR is missing');
  const world = await startPortalWithPanels({ WEB_DIST_DIR: webDir, ...env });
  const simulated: SimulatedPanel[] = [];
  for (const { hwaddr, key, cloudControl } of panels)
    simulated.push(await world.panel(hwaddr, key, cloudControl === undefined ? {} : { cloudControl }));
  await Promise.all(
    simulated.map((panel) => {
      const ready = new Promise((resolve) => panel.link.once('ready', resolve));
      panel.start();
      return ready;
    }),
  );
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(20_000);
  return {
    world,
    panels: simulated,
    browser,
    page,
    origin: `http://127.0.0.1:${world.portal.port}`,
    async close() {
      await browser.close();
      await world.close();
    },
  };
}

/** Signs the page in as the client keeps a session (its token in local storage), from the login page. */
export async function signInWithSession(page: Page, origin: string, session: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.evaluate(
    ([storageKey, value]) =>
      (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(storageKey, value),
    [AUTH_STORAGE_KEY, JSON.stringify({ session })],
  );
}

/** The user claims each site with the key and its nickname, in the order given (the Site Manager's order), each authorised. */
export async function claimNamedSites(
  world: PortalWithPanels,
  user: TestUser,
  key: string,
  sites: Array<[hwaddr: string, nickname: string]>,
): Promise<void> {
  for (const [hwaddr, nickname] of sites) {
    await request(world.portal.server)
      .post('/api/v2/claims/create')
      .set('Authorization', `Bearer ${user.session}`)
      .send({ hwaddr, key, nickname })
      .expect(200);
    await waitForClaimStatus(world.portal, user, hwaddr, 'AUTHED');
  }
}
