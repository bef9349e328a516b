import type { QuietHoursSetting } from '@app/contracts';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { registerUser, type TestUser } from '../../portal-api/src/e2e/portal-panel-harness';
import { QUIET_HOURS_TEXT } from '../src/quiet-hours/quiet-hours-messages.constants';
import { screenshotPath } from './browser.util';
import { signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

/**
 * Quiet hours (docs/alarms.md, "Quiet hours") in the built client served by portal-api: My Account's
 * card sets them, shows them again after a reload, and turns them off, each checked through the API.
 */
describe('quiet hours in Chromium: My Account sets them and turns them off', () => {
  let started: BrowserWorld;
  let page: Page;
  let origin: string;
  let user: TestUser;

  beforeAll(async () => {
    started = await startBrowserWorld({}, []);
    ({ page, origin } = started);
    user = await registerUser(started.world.portal, 'Quinn');
    await signInWithSession(page, origin, user.session);
  });

  afterAll(() => started?.close());

  const card = () => page.getByRole('region', { name: 'Quiet hours' });
  const quietSwitch = () => card().getByLabel(QUIET_HOURS_TEXT.switchLabel);
  const apply = () => card().getByRole('button', { name: 'Apply', exact: true });

  async function saved(): Promise<QuietHoursSetting> {
    const response = await request(started.world.portal.server)
      .get('/api/v2/account/quiet-hours')
      .set('Authorization', `Bearer ${user.session}`)
      .expect(200);
    return { quietHours: (response.body as Partial<QuietHoursSetting>).quietHours ?? null };
  }

  async function openMyAccount() {
    await page.goto(`${origin}/account`);
    await quietSwitch().waitFor();
  }

  it('turns quiet hours on from 23:00 to 06:30, keeps them over a reload, and the API has them', async () => {
    await openMyAccount();
    expect(await quietSwitch().isChecked()).toBe(false);
    expect(await apply().isDisabled()).toBe(true);
    await card().getByText(QUIET_HOURS_TEXT.fireAlways).waitFor();

    await quietSwitch().check();
    expect(await card().getByLabel('From', { exact: true }).inputValue()).toBe('22:00');
    expect(await card().getByLabel('To', { exact: true }).inputValue()).toBe('07:00');
    await card().getByLabel('From', { exact: true }).fill('23:00');
    await card().getByLabel('To', { exact: true }).fill('06:30');
    await card().getByLabel('Time zone', { exact: true }).selectOption('Europe/Berlin');
    await apply().click();
    await card().getByRole('status').filter({ hasText: QUIET_HOURS_TEXT.saved }).waitFor();
    expect(await apply().isDisabled()).toBe(true);
    await card().screenshot({ path: screenshotPath('quiet-hours-card') });

    await page.reload();
    await quietSwitch().waitFor();
    expect(await quietSwitch().isChecked()).toBe(true);
    expect(await card().getByLabel('From', { exact: true }).inputValue()).toBe('23:00');
    expect(await card().getByLabel('To', { exact: true }).inputValue()).toBe('06:30');
    expect(await card().getByLabel('Time zone', { exact: true }).inputValue()).toBe('Europe/Berlin');
    expect(await saved()).toEqual({ quietHours: { from: '23:00', to: '06:30', timeZone: 'Europe/Berlin' } });
  });

  it('turns them off', async () => {
    await openMyAccount();
    expect(await quietSwitch().isChecked()).toBe(true);
    await quietSwitch().uncheck();
    await apply().click();
    await card().getByRole('status').filter({ hasText: QUIET_HOURS_TEXT.savedOff }).waitFor();
    expect(await card().getByLabel('From', { exact: true }).count()).toBe(0);
    expect(await saved()).toEqual({ quietHours: null });

    await page.reload();
    await quietSwitch().waitFor();
    expect(await quietSwitch().isChecked()).toBe(false);
  });
});
