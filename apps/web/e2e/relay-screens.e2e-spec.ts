import type { INestApplication } from '@nestjs/common';
import { hwaddrToColonForm } from '@app/contracts';
import { waitUntil } from '@app/testing';
import type { Page, Request, WebSocket } from 'playwright-core';
import type { PortalWithPanels } from '../../portal-api/src/e2e/portal-panel-harness';
import { startRelayWorkerTestApp } from '../../relay-worker/src/testing/relay-worker-test-app';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import { cutCells, docsScreenshotPath, screenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

const RELAY_PASSWORD = 'Sounder strobe relay key 32 char';
// The simulated board listens on 127.0.0.1, which portal-api and the relay-worker refuse unless allowed.
const RELAY_ENV = {
  RELAY_SECRET_KEY: 'relay-screens-e2e-secret-key-0123456789abc',
  RELAY_ALLOWED_TARGETS: '127.0.0.1',
};

/**
 * The relay screens in Chromium against portal-api, a relay-worker, a gateway with a simulated
 * panel and a simulated relay board: add and verify a relay, add an action, see a fire and a fault
 * drive the board and their runs appear (pushed by the live feed, no runs asked after the screen's
 * first load), then edit and delete the action and the relay; a site without a nickname is named
 * by its MAC.
 */
describe('relay screens in Chromium against portal-api, a relay-worker and simulated panel and relay', () => {
  const hwaddr = '0a1b2c3d4e91';
  const key = '1357';
  const board = new RelaySimulator({ password: RELAY_PASSWORD });
  let world: PortalWithPanels;
  let worker: INestApplication;
  let panel: SimulatedPanel;
  let page: Page;
  let origin: string;
  let started: BrowserWorld;
  let relayPath: string;
  /** The page's latest live feed socket, and whether it listens yet (its first Heartbeat came). */
  const feed: { socket: WebSocket | null; listening: boolean } = { socket: null, listening: false };

  beforeAll(async () => {
    await board.start();
    started = await startBrowserWorld({ TIME_DESYNC_THRESHOLD: '10m', ...RELAY_ENV }, [{ hwaddr, key }], {
      width: 1280,
      height: 1000,
    });
    ({ world, page, origin } = started);
    [panel] = started.panels;
    page.on('websocket', (socket) => {
      feed.socket = socket;
      feed.listening = false;
      socket.on('framereceived', ({ payload }) => {
        if (feed.socket === socket && String(payload).includes('"type":"Heartbeat"')) feed.listening = true;
      });
    });
    worker = (await startRelayWorkerTestApp(world.portal.environment, RELAY_ENV)).app;
  });

  afterAll(async () => {
    await worker?.close();
    await started?.close();
    await board.stop();
  });

  it('registers and claims the simulated panel', async () => {
    await page.goto(`${origin}/register`);
    await page.getByLabel('Full name').fill('Ivy Installer');
    await page.getByLabel('Email').fill('ivy@example.com');
    await page.getByLabel('Password').fill('ivys password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();

    await page.getByText('Add Site').click();
    await page.getByLabel('MAC address').fill(hwaddr);
    await page.getByLabel('Admin password').fill(key);
    await page.getByLabel('Site nickname').fill('Warehouse');
    await page.getByRole('button', { name: 'Add Site' }).click();
    await page.waitForURL(`${origin}/`);
    await page.locator(`[data-hwaddr="${hwaddr}"]`).getByText('Authorised', { exact: true }).waitFor();
  });

  it('adds a relay, verifies it against the simulated board and saves it', async () => {
    await page.getByText('Add Relay').click();
    await page.waitForURL(`${origin}/relay/add`);
    await page.getByText('the relay is set to the AES command set with a password').waitFor();
    expect(await page.getByLabel('Port').inputValue()).toBe('17123');
    await page.getByText('Waiting to verify').first().waitFor();

    await page.getByLabel('IP address/DNS').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(board.port));
    await page.getByLabel('Password').fill('too short');
    await page.getByRole('button', { name: 'Verify Connection' }).click();
    await page.getByText('The password must be exactly 32 characters (it has 9)').first().waitFor();

    await page.getByLabel('Password').fill(RELAY_PASSWORD);
    await page.getByRole('button', { name: 'Verify Connection' }).click();
    const moduleId = page.locator('.relay-info tr', { hasText: 'Module ID' }).locator('td');
    await waitUntil(
      async () => /^\d+$/.test((await moduleId.textContent()) ?? ''),
      'the Relay Info table to show the module ID',
    );
    expect(await page.locator('.relay-info tr', { hasText: 'App Firmware' }).locator('td').textContent()).toMatch(
      /^\d+\.\d+$/,
    );
    await page.getByLabel('Relay Nickname').fill('Sounder strobe');
    await page.screenshot({ path: docsScreenshotPath('relay-form-verified'), fullPage: true });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/relay\/\d+$/);
    relayPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Sounder strobe' }).waitFor();
  });

  it('says why a private address is refused and what to do', async () => {
    await page.goto(`${origin}/relay/add`);
    await page.getByLabel('IP address/DNS').fill('192.168.1.20');
    await page.getByLabel('Password').fill(RELAY_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .getByText(/loopback, private or link-local/)
      .waitFor();
    await page
      .getByRole('alert')
      .getByText(/public IP address or dynamic DNS name/)
      .waitFor();
    await page.goto(`${origin}${relayPath}`);
  });

  it('adds an action for the site and saves its fire settings', async () => {
    await page.getByRole('heading', { name: 'Sounder strobe' }).waitFor();
    const select = page.getByLabel('Setup actions for site');
    // The sites come after the relay: on a busy machine the heading shows while they still load.
    await select.locator('option', { hasText: 'Warehouse' }).waitFor({ state: 'attached' });
    expect(await select.locator('option').allTextContents()).toEqual(['Warehouse']);
    await page.getByRole('button', { name: 'Add Action' }).click();

    const card = page.locator(`.relay-action[data-hwaddr="${hwaddr}"]`);
    await card.getByText(`Warehouse: ${hwaddrToColonForm(hwaddr)}`).waitFor();
    await waitUntil(
      async () => (await select.locator('option').allTextContents()).join() === 'No other sites found',
      "the choice to say 'No other sites found'",
    );
    expect(await select.isDisabled()).toBe(true);
    const save = card.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await card.locator('[id$="-on_fire-relay_1"]').fill('1');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await card.getByText('Saved', { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
  });

  it('pulses the simulated relay on a fire and shows the run under the cards, pushed: no runs request after the first load', async () => {
    // The feed listens already, so its (re)connection asks for nothing while the screen is open.
    await waitUntil(() => feed.listening, 'the live feed to listen');
    await page.getByRole('link', { name: 'Site Manager' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    const isRuns = (request: Request) => /\/api\/relays\/\d+\/runs$/.test(new URL(request.url()).pathname);
    const runs = { sent: 0, answered: 0 };
    const sent = (request: Request) => void (isRuns(request) && (runs.sent += 1));
    const answered = (request: Request) => void (isRuns(request) && (runs.answered += 1));
    page.on('request', sent);
    page.on('requestfinished', answered);
    await page.locator('.relay-tile', { hasText: 'Sounder strobe' }).click();
    await page.getByRole('heading', { name: 'Sounder strobe' }).waitFor();
    // The first load: twice where React runs in development mode, as in this test build (StrictMode mounts twice).
    await waitUntil(() => runs.sent > 0 && runs.answered === runs.sent, "the screen's first load of its runs");
    const firstLoad = runs.sent;

    panel.report(panel.model.setZone(1, 2, 'fire'));
    await waitUntil(
      () => board.switches.some((change) => change.kind === 'relay' && change.relay === 1),
      'the board to pulse relay 1',
    );
    const row = page.locator('.relay-runs tbody tr', { hasText: 'Fire' });
    await row.getByText('Succeeded').waitFor();
    page.off('request', sent);
    page.off('requestfinished', answered);
    expect(runs.sent).toBe(firstLoad);
    expect(await row.textContent()).toContain('Warehouse');
    expect(
      board.switches
        .filter((change) => change.kind === 'relay')
        .map((change) => change.kind === 'relay' && change.relay),
    ).toEqual([1]);
  });

  it('drives the fault settings on a fault', async () => {
    const card = page.locator(`.relay-action[data-hwaddr="${hwaddr}"]`);
    await card.locator('[id$="-on_fault-io_3"]').check();
    await card.getByText('Saved', { exact: true }).waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Saved', { exact: true }).waitFor();

    panel.report(panel.model.setZone(1, 3, 'fault'));
    await waitUntil(
      () => board.switches.some((change) => change.kind === 'io' && change.io === 3 && change.on),
      'the board to switch I/O 3 on',
    );
    await page.locator('.relay-runs tbody tr', { hasText: 'Fault' }).getByText('Succeeded').waitFor();
    await page.screenshot({ path: docsScreenshotPath('relay-actions-runs'), fullPage: true });

    // At a phone's width each run is a card, every column readable whole.
    await page.setViewportSize({ width: 375, height: 667 });
    try {
      await waitUntil(async () => (await cutCells(page, '.relay-runs')).length === 0, 'the runs reflowed to cards');
      const fault = page.locator('.relay-runs tbody tr', { hasText: 'Fault' });
      expect(await fault.textContent()).toMatch(/Warehouse.*Fault.*Succeeded$/);
      await page.screenshot({ path: screenshotPath('relay-runs-phone'), fullPage: true });
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
  });

  it('tests the action: the saved fire settings drive the board once, without a run', async () => {
    const before = board.switches.length;
    const card = page.locator(`.relay-action[data-hwaddr="${hwaddr}"]`);
    await card.getByRole('button', { name: 'Test action on fire' }).click();
    await card
      .getByText('Test action (fire): the relay was driven once with the saved settings. Check the wiring.')
      .waitFor();
    expect(board.switches.slice(before).map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: 'relay', relay: 1, pulseMs: 1000 },
    ]);
    expect(await page.locator('.relay-runs tbody tr').count()).toBe(2);
  });

  it('deletes the action after confirmation', async () => {
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Delete this action?');
      void dialog.accept();
    });
    await page.locator('.relay-action').getByRole('button', { name: 'Delete' }).click();
    await waitUntil(async () => (await page.locator('.relay-action').count()) === 0, 'the action card to go');
    expect(await page.getByLabel('Setup actions for site').locator('option').allTextContents()).toEqual(['Warehouse']);
  });

  it('names a site without a nickname by its colon-separated MAC in the choice of sites', async () => {
    // As a claim made without a nickname stores it.
    await world.portal.environment.database.dataSource.query(`UPDATE claims SET nickname = '' WHERE hwaddr = $1`, [
      hwaddr,
    ]);
    await page.reload();
    const select = page.getByLabel('Setup actions for site');
    await waitUntil(
      async () => (await select.locator('option').allTextContents()).join() === hwaddrToColonForm(hwaddr),
      'the choice to name the site by its MAC',
    );
  });

  it('edits the relay settings, then removes the relay and returns home', async () => {
    await page.getByRole('link', { name: 'Edit Settings' }).click();
    await page.waitForURL(`${origin}${relayPath}/edit`);
    expect(await page.getByLabel('IP address/DNS').inputValue()).toBe('127.0.0.1');
    await page.getByLabel('Relay Nickname').fill('Yard strobe');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Relay settings saved.').waitFor();
    await page.getByRole('heading', { name: 'Yard strobe' }).waitFor();

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Delete this relay?');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Remove Relay' }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    expect(await page.locator('.relay-tile').count()).toBe(0);
  });
});
