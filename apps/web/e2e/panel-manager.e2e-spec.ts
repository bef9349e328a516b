import request from 'supertest';
import { AUTH_STORAGE_KEY, deviceOptionChoices, deviceTypeByNumber, unpackDayNight } from '@app/contracts';
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

/**
 * The panel manager in the built client against portal-api, a real gateway and a simulated panel:
 * a fire shown live and cleared by a confirmed Reset, edits that come back as the panel's own
 * configuration, the not-connected state and a panel the user may not open.
 */
describe('panel manager in Chromium against portal-api and a simulated panel', () => {
  const hwaddr = '0a1b2c3d4e93';
  const key = '8642';
  /** A panel whose cloud control is off on the panel itself. */
  const receiveOnlyHwaddr = '0a1b2c3d4e94';
  let world: PortalWithPanels;
  let panel: SimulatedPanel;
  let user: TestUser;
  let page: Page;
  let origin: string;
  let base: string;
  let started: BrowserWorld;

  const network = () => panel.model.networks.get(1)!;

  beforeAll(async () => {
    started = await startBrowserWorld({}, [
      { hwaddr, key },
      { hwaddr: receiveOnlyHwaddr, key, cloudControl: false },
    ]);
    ({ world, page, origin } = started);
    [panel] = started.panels;
    base = `${origin}/site/${hwaddr}/panel/1`;
    user = await registerUser(world.portal, 'Pat');
    for (const [claimed, nickname] of [
      [hwaddr, 'Depot'],
      [receiveOnlyHwaddr, 'Annexe'],
    ]) {
      await request(world.portal.server)
        .post('/api/v2/claims/create')
        .set('Authorization', `Bearer ${user.session}`)
        .send({ hwaddr: claimed, key, nickname })
        .expect(200);
      await waitForClaimStatus(world.portal, user, claimed, 'AUTHED');
    }
    await page.goto(`${origin}/login`);
    await page.evaluate(
      ([storageKey, value]) =>
        (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(storageKey, value),
      [AUTH_STORAGE_KEY, JSON.stringify({ session: user.session })],
    );
  });

  afterAll(() => started?.close());

  it('shows a fire live, and clears it with Reset through the confirmation; the command is in Recent commands', async () => {
    await page.goto(`${base}`);
    await page.waitForURL(`${base}/status`);
    await page.getByText('No zones currently on fire').waitFor();

    panel.report(panel.model.setZone(1, 2, 'fire'));
    const fires = page.getByTestId('runtime-fires');
    await fires.locator('.badge', { hasText: '3' }).waitFor();
    expect(await fires.getAttribute('class')).toContain('runtime-box--fire');
    // The latest event follows the live feed too.
    await page.locator('.latest-event', { hasText: 'Fire alarm' }).waitFor();
    await page.screenshot({ path: docsScreenshotPath('panel-status-fire'), fullPage: true });

    await page.getByRole('button', { name: 'Reset' }).click();
    const dialog = page.getByRole('dialog');
    const send = dialog.getByRole('button', { name: 'Send Reset' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('I confirm I wish to reset while a fire is shown.').check();
    await send.click();

    await page.getByText('No zones currently on fire').waitFor();
    expect(network().runtime.zones.fire).toEqual([]);
    const recent = page.getByRole('region', { name: 'Recent commands' });
    await recent.locator('tr', { hasText: 'Reset' }).filter({ hasText: 'Pat' }).filter({ hasText: 'ok' }).waitFor();
    await page.getByText('Depot, Panel 1 applied Reset.').waitFor();
  });

  it('filters devices, shows empty zones, and renames a zone that comes back from the panel', async () => {
    await page.getByRole('link', { name: 'Devices' }).click();
    await page.waitForURL(`${base}/devices`);
    const firstDevice = network().config.devices[0];
    await page.getByText(firstDevice.name, { exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Devices', exact: true }).getAttribute('class')).toContain('active');
    expect(await page.getByRole('link', { name: 'Status', exact: true }).getAttribute('class')).not.toContain('active');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: docsScreenshotPath('panel-devices'), fullPage: true });

    const zoneRows = page.locator('tr.zone-row');
    const shownZones = await zoneRows.count();
    await page.getByRole('button', { name: 'Show Empty Zones' }).click();
    await waitUntil(async () => (await zoneRows.count()) === network().config.zones.length, 'every zone to be listed');
    expect(shownZones).toBeLessThanOrEqual(network().config.zones.length);
    await page.getByRole('button', { name: 'Hide Empty Zones' }).click();

    await page.getByPlaceholder('Filter devices').fill(firstDevice.name);
    await waitUntil(async () => (await page.locator('tr.device-row').count()) >= 1, 'the filtered devices');
    for (const name of await page.locator('tr.device-row td:nth-child(2)').allTextContents())
      expect(name.toLowerCase()).toContain(firstDevice.name.toLowerCase());
    await page.getByRole('button', { name: 'Clear' }).click();

    await page.goto(`${base}/devices/zone/0`);
    const name = page.getByLabel('Name');
    await name.fill('Front desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Zone updated.').waitFor();
    await waitUntil(() => network().config.zones[0].name === 'Front desk', 'the panel to hold the new zone name');
    await page.getByRole('link', { name: 'Devices' }).first().click();
    await page.getByText('Zone 1: Front desk').waitFor();
  });

  it('renames a device and changes its options in the device editor', async () => {
    // A loop detector with day and night options.
    const device = network().config.devices.find(
      (candidate) =>
        candidate.settings.deviceOptions !== undefined && deviceOptionChoices(deviceTypeByNumber(candidate.type)),
    )!;
    const nightChoices = deviceOptionChoices(deviceTypeByNumber(device.type))!;
    const night = (unpackDayNight(device.settings.deviceOptions!).night + 1) % nightChoices.length;
    await page.goto(`${base}/modules/${device.port_id}/device/${device.mod_idx}`);
    await page.getByLabel('Name').fill('Lobby detector');
    await page.getByLabel('Night').selectOption(String(night));
    await page.screenshot({ path: docsScreenshotPath('panel-device-editor'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Device updated.').waitFor();
    await waitUntil(
      () => device.name === 'Lobby detector' && unpackDayNight(device.settings.deviceOptions!).night === night,
      'the panel to hold the new name and night option',
    );
    await page.getByRole('link', { name: 'Devices' }).first().click();
    await page.getByText('Lobby detector').waitFor();
  });

  it('changes a printer module switch, and the panel holds the new option bits', async () => {
    const printer = network().config.modules.find((module) => module.port_type === 'MOD_232')!;
    const before = (printer.settings as { printerOptions: number }).printerOptions;
    await page.goto(`${base}/modules/${printer.port_id}`);
    await page.getByLabel('Buttons').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Module updated.').waitFor();
    await page.screenshot({ path: docsScreenshotPath('panel-module-editor'), fullPage: true });
    await waitUntil(
      () => (printer.settings as { printerOptions: number }).printerOptions === (before ^ 0b1000),
      'the Buttons bit to flip on the panel',
    );
  });

  it('edits the About texts', async () => {
    await page.goto(`${base}/about`);
    await page.getByLabel('Installer').fill('Northern Fire Ltd');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Panel info updated.').waitFor();
    await waitUntil(
      () => network().config.strings.strCompany === 'Northern Fire Ltd',
      'the panel to hold the new installer',
    );
    await page.screenshot({ path: docsScreenshotPath('panel-about'), fullPage: true });
  });

  it('warns that a panel without cloud control only receives events, and disables its controls', async () => {
    await page.goto(`${origin}/site/${receiveOnlyHwaddr}/panel/1/status`);
    await page.getByText('Your Panel Is Currently Only Receiving Events').waitFor();
    expect(await page.getByRole('button', { name: 'Reset', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'About' }).click();
    await page.getByLabel('Installer').waitFor();
    expect(await page.getByLabel('Installer').isDisabled()).toBe(true);
    await page.goto(`${base}/about`);
    await page.getByLabel('Installer').waitFor();
  });

  it('disables every control while the panel is not connected', async () => {
    // A page that listens: its live feed has had its first Heartbeat and fetched the site again after
    // it (before that, a change is covered by that fetch, not by a live message).
    let detailLoads = 0;
    const countDetailLoads = (response: { url(): string }) => {
      if (new URL(response.url()).pathname === `/api/v2/sites/${hwaddr}`) detailLoads += 1;
    };
    page.on('response', countDetailLoads);
    await page.goto(`${base}/about`);
    await waitUntil(() => detailLoads >= 2, 'the site fetched again once the live feed listens', 30_000);
    page.off('response', countDetailLoads);
    // No fetch still in flight: a response read before the panel stopped would show it connected again.
    await page.waitForLoadState('networkidle');
    await panel.stop();
    await page
      .getByTestId('about-connected')
      .and(page.getByText('No', { exact: true }))
      .waitFor();
    expect(await page.getByLabel('Installer').isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Status' }).click();
    for (const name of ['Start Sounders', 'Stop Sounders', 'Silence Buzzer', 'Reset']) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    }
  });

  it('sends a user who may not open a panel home with the warning', async () => {
    await page.goto(`${origin}/site/0a1b2c3d4e99/panel/1/status`);
    await page.getByText('You do not have access to this panel').waitFor();
    await page.waitForURL(`${origin}/`);
  });
});
