// The functions handed to page.evaluate run in the browser.
/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_NAME } from '@app/contracts';
import { waitUntil } from '@app/testing';
import type { Page } from 'playwright-core';
import { registerUser } from '../../portal-api/src/e2e/portal-panel-harness';
import { launchChromiumWithProfile } from './browser.util';
import { signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebAppManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/** An image as the page gets it: its type as served and its size once the browser has decoded it. */
interface LoadedImage {
  type: string | null;
  width: number;
  height: number;
}

/**
 * The built client served by portal-api, under its security headers, as an installable app: the
 * manifest the page links and its icons, the service worker registered and in control of the
 * page, and with it in control a client route and the live feed as they were.
 */
describe('the web client as an installable app in Chromium', () => {
  let started: BrowserWorld;
  let page: Page;
  let origin: string;
  /** The page's console errors and uncaught errors: a refusal by the Content-Security-Policy is one. */
  const problems: string[] = [];

  beforeAll(async () => {
    started = await startBrowserWorld({}, []);
    ({ page, origin } = started);
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterAll(() => started?.close());

  function loadImage(src: string): Promise<LoadedImage> {
    return page.evaluate(async (url) => {
      const response = await fetch(url);
      const image = new Image();
      image.src = url;
      await image.decode();
      return { type: response.headers.get('content-type'), width: image.naturalWidth, height: image.naturalHeight };
    }, src);
  }

  async function linkedManifest(): Promise<WebAppManifest> {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(`${origin}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    return (await response.json()) as WebAppManifest;
  }

  it('links a manifest that names the product, with its icons PNG images of the sizes it declares', async () => {
    await page.goto(`${origin}/login`);
    const manifest = await linkedManifest();

    expect(manifest).toMatchObject({ name: PRODUCT_NAME, start_url: '/', scope: '/', display: 'standalone' });
    // Shown whole under the icon on a home screen, which cuts labels much longer.
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(icon.type).toBe('image/png');
      expect({ src: icon.src, ...(await loadImage(icon.src)) }).toEqual({
        src: icon.src,
        type: 'image/png',
        width,
        height,
      });
    }
    for (const rel of ['icon', 'apple-touch-icon']) {
      const link = page.locator(`link[rel="${rel}"]`);
      const [width, height] = (await link.getAttribute('sizes'))!.split('x').map(Number);
      expect(await loadImage((await link.getAttribute('href'))!)).toEqual({ type: 'image/png', width, height });
    }
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('sizes')).toBe('180x180');
    const missing = await page.request.get(`${origin}/icons/icon-48.png`, { headers: { Accept: '*/*' } });
    expect(missing.status()).toBe(404);
  });

  it('registers its service worker, which takes control of the page and of the next', async () => {
    await page.goto(`${origin}/login`);
    // It claims the page that registered it, without waiting for the next load.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/`);

    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
    const worker = await page.request.get(`${origin}/sw.js`);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  it('with the worker in control, renders a client route from the network and the live feed listens', async () => {
    const user = await registerUser(started.world.portal, 'Ivy');
    await signInWithSession(page, origin, user.session);
    let listening = false;
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"Heartbeat"')) listening = true;
      });
    });
    const answered: { url: string; status: number; fromServiceWorker: boolean }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/'))
        answered.push({
          url: url.pathname,
          status: response.status(),
          fromServiceWorker: response.fromServiceWorker(),
        });
    });

    const navigation = await page.goto(`${origin}/alarms`);
    expect(navigation?.fromServiceWorker()).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('heading', { name: 'Alarms', level: 1 }).waitFor();
    await waitUntil(() => listening, 'the live feed to listen (its first Heartbeat)');

    // Every API call went to portal-api itself, none answered by the worker.
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((response) => response.fromServiceWorker || response.status >= 400)).toEqual([]);
    // The installed app's title bar and splash screen take the navbar's colour.
    const navbar = await page.locator('nav.navbar').evaluate((element) => getComputedStyle(element).backgroundColor);
    const manifest = await linkedManifest();
    expect([manifest.theme_color, manifest.background_color].map(rgb)).toEqual([navbar, navbar]);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
  });

  it('is installable as Chromium judges it in an ordinary window, with nothing refused on the way', async () => {
    // Chromium never offers to install from a private window, which every context of a launched browser is.
    const profile = mkdtempSync(join(tmpdir(), 'installable-app-profile-'));
    const context = await launchChromiumWithProfile(profile);
    try {
      const ordinary = context.pages()[0] ?? (await context.newPage());
      ordinary.setDefaultTimeout(20_000);
      ordinary.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await ordinary.goto(`${origin}/`);
      await ordinary.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const devtools = await context.newCDPSession(ordinary);
      const { url, errors } = await devtools.send('Page.getAppManifest');
      expect({ url, errors }).toEqual({ url: `${origin}/manifest.webmanifest`, errors: [] });
      const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
    expect(problems).toEqual([]);
  });
});

/** '#212529' as getComputedStyle writes it: 'rgb(33, 37, 41)'. */
function rgb(hex: string): string {
  const [red, green, blue] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${red}, ${green}, ${blue})`;
}
