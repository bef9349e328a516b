import type { INestApplication } from '@nestjs/common';
import { provisionTestPanel } from '@app/database/testing';
import { waitUntil } from '@app/testing';
import type { Browser, Page } from 'playwright-core';
import { startPortalWithPanels, type PortalWithPanels } from '../../portal-api/src/e2e/portal-panel-harness';
import { startRelayWorkerTestApp } from '../../relay-worker/src/testing/relay-worker-test-app';
import { DEMO_PANELS, DEMO_RELAY, seedDemo, type DemoSeedResult } from '../../../scripts/demo/demo-seed';
import { LivelyPanel, livelyOptionsAtPace } from '../../../tools/panel-simulator/src/lively-panel';
import { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import { launchChromium, screenshotPath } from './browser.util';

// The demo board listens on 127.0.0.1, which portal-api and the relay-worker refuse unless allowed (as npm start allows it).
const DEMO_ENV = {
  RELAY_SECRET_KEY: 'demo-first-run-e2e-secret-key-0123456789ab',
  RELAY_ALLOWED_TARGETS: DEMO_RELAY.host,
  TIME_DESYNC_THRESHOLD: '10m',
};
// Ten times the demo's pace, so that a note, a fault and a drifted clock all come within seconds.
const PACE = 0.1;

/**
 * The demo's first run, as `npm start` makes it: the built client on portal-api with a gateway and a
 * relay-worker, the demo's simulated panels (the lively Head office one and the Depot one), its relay
 * board on a free port, and the demo account, sites and relay made by the start script's own module.
 * Signed in with the printed credentials, the Site Manager shows the three statuses and the relay,
 * events arrive live, and the drifted clock's notification is there.
 */
describe('the demo of npm start, signed in with its credentials in Chromium', () => {
  const board = new RelaySimulator({ password: DEMO_RELAY.password });
  const panels: SimulatedPanel[] = [];
  let lively: LivelyPanel | undefined;
  let world: PortalWithPanels;
  let worker: INestApplication | undefined;
  let browser: Browser | undefined;
  let origin: string;
  let seeded: DemoSeedResult;

  beforeAll(async () => {
    const webDir = process.env.E2E_WEB_DIST_DIR;
    if (!webDir) throw new Error('The web client was not built: E2E_WEB_DIST_DIR is missing');
    // Port 0: a free port, as the demo's board takes one when its usual port is taken.
    await board.start();
    world = await startPortalWithPanels({ WEB_DIST_DIR: webDir, ...DEMO_ENV });
    origin = `http://127.0.0.1:${world.portal.port}`;
    worker = (await startRelayWorkerTestApp(world.portal.environment, DEMO_ENV)).app;
    for (const demoPanel of Object.values(DEMO_PANELS)) {
      const panel = new SimulatedPanel({
        hwaddr: demoPanel.hwaddr,
        adminKey: demoPanel.key,
        deviceSecret: await provisionTestPanel(world.portal.environment.database.dataSource, demoPanel.hwaddr),
        host: '127.0.0.1',
        port: world.gateway.port,
        networkIds: Array.from({ length: demoPanel.networks }, (_, index) => index + 1),
        panelType: demoPanel.type,
        firmware: '4.2.1',
        cloudControl: true,
        log: () => undefined,
      });
      panels.push(panel);
      const ready = new Promise((resolve) => panel.link.once('ready', resolve));
      panel.start();
      await ready;
    }
    lively = new LivelyPanel(panels[0], livelyOptionsAtPace(PACE));
    lively.start();
    seeded = await seedDemo({ origin, relayPort: board.port });
    browser = await launchChromium();
  });

  /** A fresh page signed in with the credentials the banner prints, on the Site Manager. */
  async function signedIn(): Promise<Page> {
    const page = await browser!.newPage({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(30_000);
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill(seeded.email);
    await page.getByLabel('Password').fill(seeded.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    return page;
  }

  afterAll(async () => {
    lively?.stop();
    await browser?.close();
    await Promise.all(panels.map((panel) => panel.stop()));
    await worker?.close();
    await world?.close();
    await board.stop();
  });

  it('made the account, three sites in their three statuses and the relay on the board’s port', () => {
    expect(seeded.sites.map((site) => [site.nickname, site.status])).toEqual([
      ['Head office', 'AUTHED'],
      ['Depot', 'UNAUTHORISED'],
      ['Warehouse', 'WAITING'],
    ]);
    expect(seeded.relay.port).toBe(board.port);
  });

  it('finds the same account, sites and relay again on a later start, without adding any', async () => {
    const again = await seedDemo({ origin, relayPort: board.port });
    expect(again).toEqual(seeded);
  });

  it('signs in with the printed credentials and shows every site status and the relay', async () => {
    const page = await signedIn();
    const tile = (hwaddr: string) => page.locator(`[data-hwaddr="${hwaddr}"]`);
    await tile(DEMO_PANELS.headOffice.hwaddr).getByText('Head office').waitFor();
    await tile(DEMO_PANELS.headOffice.hwaddr).getByText('Authorised', { exact: true }).waitFor();
    await tile(DEMO_PANELS.depot.hwaddr).getByText('Unauthorised: Click to re-enter key.').waitFor();
    await tile('00a0b1c2d3e6')
      .getByText(
        'Enable panel connection from Network > Cloud or trigger an event on the panel to verify this connection',
      )
      .waitFor();
    const relayTile = page.locator('.relay-tile', { hasText: DEMO_RELAY.name });
    await relayTile.getByText(String(board.port)).waitFor();
    await page.screenshot({ path: screenshotPath('demo-site-manager'), fullPage: true });
    await page.close();
  });

  it('shows the demo panel’s events arriving live', async () => {
    const page = await signedIn();
    await page.locator(`[data-hwaddr="${DEMO_PANELS.headOffice.hwaddr}"]`).click();
    await page.waitForURL(`${origin}/site/${DEMO_PANELS.headOffice.hwaddr}/events`);
    const rows = page.locator('.event-row');
    await rows.first().waitFor();
    const shown = new Set(await rows.allTextContents());
    // A new row is an event that came in while the page was open. The list is in the panel's time,
    // so while the demo panel's clock is behind its new events show below the top.
    await waitUntil(
      async () => (await rows.allTextContents()).some((text) => !shown.has(text)),
      'a new event in the list',
      60_000,
    );
    await page.close();
  });

  it('drives the relay board from the demo panel’s own faults', async () => {
    await waitUntil(
      () => board.switches.some((change) => change.kind === 'relay' && change.relay === 2),
      'a fault to pulse relay 2',
      60_000,
    );
  });

  it('shows the drifted clock’s notification, and Sync panel clock sets the clock right', async () => {
    const page = await signedIn();
    await page.locator(`[data-hwaddr="${DEMO_PANELS.headOffice.hwaddr}"]`).click();
    await page.getByRole('link', { name: /Notifications/ }).click();
    await page.getByText('Panel time possibly out of sync').first().waitFor();
    await page.screenshot({ path: screenshotPath('demo-notification'), fullPage: true });

    // The demo panel's clock as the command leaves it (the lively panel lets it fall behind again later).
    const { model } = panels[0];
    const apply = model.apply.bind(model);
    const offsetsAfterSync: number[] = [];
    model.apply = (command) => {
      const change = apply(command);
      if (command.kind === 'syncClock') offsetsAfterSync.push(model.clockOffsetMs);
      return change;
    };
    const notification = page.locator('.notification').filter({ hasText: 'Panel time possibly out of sync' });
    await notification.first().getByRole('button', { name: 'Sync panel clock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send Sync panel clock' }).click();
    await page.locator('.Toastify__toast').filter({ hasText: 'applied Sync panel clock.' }).waitFor();
    // The portal's time, less the moments the command took (the portal flags 10 minutes off).
    expect(offsetsAfterSync).toHaveLength(1);
    expect(Math.abs(offsetsAfterSync[0])).toBeLessThan(10 * 60_000);
    await page.close();
  });
});
