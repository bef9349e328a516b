import { NO_CONTROL_RIGHT } from '@app/contracts';
import { waitUntil } from '@app/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { startMailerTestApp, type MailerTestApp } from '../../mailer/src/testing/mailer-test-app';
import { SmtpTestServer } from '../../mailer/src/testing/smtp-test-server';
import {
  authorisedSite,
  claimsTokenOf,
  registerUser,
  type TestUser,
} from '../../portal-api/src/e2e/portal-panel-harness';
import type { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { screenshotPath } from './browser.util';
import { signInWithSession, startBrowserWorld, type BrowserWorld } from './browser-world.util';

/**
 * Teams (docs/access.md) in the built client against the real portal-api, mailer and an SMTP sink:
 * an installer creates a company with her site and invites a colleague by e-mail; he registers from
 * the link and accepts; as a viewer he sees the site but its Reset is disabled (and the API refuses
 * it), as a technician his Reset reaches the panel; removed, he loses the site at once. A company
 * requiring two-factor sign-in sends a member without it to My Account.
 */
describe('companies, roles and invitations in Chromium', () => {
  let started: BrowserWorld;
  let browser: Browser;
  let alicePage: Page;
  let bobPage: Page;
  let origin: string;
  let mailer: MailerTestApp;
  const smtp = new SmtpTestServer();
  let alice: TestUser;
  let panel: SimulatedPanel;
  let hwaddr: string;
  let companyUrl: string;
  const BOB_EMAIL = 'bob@example.com';
  const BOB_PASSWORD = 'bob password';

  beforeAll(async () => {
    started = await startBrowserWorld({}, []);
    ({ page: alicePage, origin, browser } = started);
    const { environment } = started.world.portal;
    await smtp.start();
    mailer = await startMailerTestApp(environment, smtp.port, { PUBLIC_URL: origin });
    alice = await registerUser(started.world.portal, 'Alice');
    panel = await authorisedSite(started.world, alice, { nickname: 'Depot', notify: false });
    hwaddr = panel.hwaddr;
    await signInWithSession(alicePage, origin, alice.session);
    bobPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    bobPage.setDefaultTimeout(20_000);
  });

  afterAll(async () => {
    await mailer?.close();
    await started?.close();
    await smtp.stop();
  });

  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const members = () => alicePage.getByRole('table', { name: 'Members' });
  const invitationLink = async (email: string): Promise<string> => {
    const mail = await waitUntil(() => smtp.mailsTo(email).at(-1), `the invitation mail to ${email}`);
    return /http:\/\/127\.0\.0\.1:\d+\/invitation\/\S+/.exec(mail.text)![0];
  };
  const bobPanel = () => `${origin}/site/${hwaddr}/panel/1`;

  it('creates a company, adds a site the installer holds the key of, and invites a colleague as viewer', async () => {
    await alicePage.goto(`${origin}/`);
    await alicePage.getByRole('link', { name: 'Companies' }).click();
    await alicePage.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
    await alicePage.getByText('You are not a member of any company yet.').waitFor();
    await alicePage.getByLabel('Company name').fill('Northside Fire');
    await alicePage.getByRole('button', { name: 'Create company' }).click();
    await alicePage.getByRole('heading', { name: 'Northside Fire', level: 1 }).waitFor();
    companyUrl = alicePage.url();
    expect(companyUrl).toMatch(/\/companies\/[0-9a-f-]{36}$/);
    await alicePage.getByText('Your role: Admin').waitFor();

    await alicePage.getByLabel('Add one of your sites').selectOption({ label: 'Depot' });
    await alicePage.getByRole('button', { name: 'Add site' }).click();
    await alicePage.getByRole('table', { name: 'Sites' }).getByText('Depot').waitFor();

    const invite = region(alicePage, 'Invite someone');
    await invite.getByLabel('E-mail').fill(BOB_EMAIL);
    await invite.getByLabel('Role', { exact: true }).selectOption('viewer');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await alicePage.getByText(`Invitation sent to ${BOB_EMAIL}.`).waitFor();
    await alicePage.getByRole('table', { name: 'Pending invitations' }).getByText(BOB_EMAIL).waitFor();
    await alicePage.screenshot({ path: screenshotPath('company-page'), fullPage: true });
  });

  it('lets the invitee open the mailed link, register from it, and accept as viewer', async () => {
    const link = await invitationLink(BOB_EMAIL);
    await bobPage.goto(link);
    await bobPage.getByText('Alice invites you to join Northside Fire as Viewer').waitFor();
    await bobPage.getByText(`Sent to ${BOB_EMAIL}`).waitFor();
    await bobPage.getByRole('link', { name: 'Create an account' }).click();
    await bobPage.getByLabel('Full name').fill('Bob');
    await bobPage.getByLabel('Email').fill(BOB_EMAIL);
    await bobPage.getByLabel('Password').fill(BOB_PASSWORD);
    await bobPage.getByRole('button', { name: 'Register' }).click();
    await bobPage.getByRole('button', { name: 'Accept invitation' }).click();
    await bobPage.waitForURL(companyUrl);
    await bobPage.getByText('Your role: Viewer').waitFor();
    // The link works once.
    await bobPage.goto(link);
    await bobPage.getByRole('alert').filter({ hasText: 'This invitation has already been used' }).waitFor();
  });

  it("shows the viewer the company's site with Reset disabled, and the API refuses it with 403", async () => {
    await bobPage.goto(`${origin}/`);
    await bobPage.getByText('Depot').first().waitFor();
    await bobPage.goto(bobPanel());
    const reset = bobPage.getByRole('button', { name: 'Reset', exact: true });
    await reset.waitFor();
    expect(await reset.isDisabled()).toBe(true);
    expect(await reset.getAttribute('title')).toBe(NO_CONTROL_RIGHT);
    await bobPage.getByRole('note').filter({ hasText: NO_CONTROL_RIGHT }).first().waitFor();
    await bobPage.screenshot({ path: screenshotPath('viewer-panel-status'), fullPage: true });

    const login = await request(started.world.portal.server)
      .post('/api/auth/login')
      .send({ email: BOB_EMAIL, password: BOB_PASSWORD })
      .expect(200);
    const bob = { id: '', name: 'Bob', session: login.body.token as string };
    const refused = await request(started.world.portal.server)
      .post(`/api/v2/sites/${hwaddr}/panel/1/buttons`)
      .set('Authorization', `Bearer ${await claimsTokenOf(started.world.portal, bob)}`)
      .send({ action: 'RESET', data: 'NA' })
      .expect(403);
    expect(refused.body).toEqual({ err: NO_CONTROL_RIGHT });

    // The holder sees him in Site Configuration's 'Who has access', through the company.
    await alicePage.goto(`${origin}/site/${hwaddr}/about`);
    const people = region(alicePage, 'Who has access').getByRole('table', { name: 'People' });
    await people
      .locator('tr', { hasText: 'Bob' })
      .filter({ hasText: 'Company Northside Fire' })
      .filter({ hasText: 'Viewer' })
      .waitFor();
  });

  it('enables Reset once the admin makes him a technician, and his Reset reaches the panel', async () => {
    await alicePage.goto(companyUrl);
    await members().getByLabel('Role of Bob').selectOption('technician');
    await members().locator('tr', { hasText: 'Bob' }).getByLabel('Role of Bob').waitFor();
    const reset = bobPage.getByRole('button', { name: 'Reset', exact: true });
    // The live feed tells his browser at once: the button turns usable without a reload.
    await waitUntil(async () => !(await reset.isDisabled()), "Bob's Reset enabled", 20_000);
    panel.report(panel.model.setZone(1, 2, 'fire'));
    await bobPage.getByTestId('runtime-fires').locator('.badge', { hasText: '3' }).waitFor();
    await reset.click();
    const dialog = bobPage.getByRole('dialog');
    await dialog.getByLabel('I confirm I wish to reset while a fire is shown.').check();
    await dialog.getByRole('button', { name: 'Send Reset' }).click();
    await bobPage.getByText('No zones currently on fire').waitFor();
    expect(panel.model.networks.get(1)!.runtime.zones.fire).toEqual([]);
  });

  it('takes the site away from a removed member at once: his page goes back to the Site Manager without it', async () => {
    await members().locator('tr', { hasText: 'Bob' }).getByRole('button', { name: 'Remove' }).click();
    await members().locator('tr', { hasText: 'Bob' }).waitFor({ state: 'detached' });
    await bobPage.waitForURL(`${origin}/`, { timeout: 20_000 });
    await bobPage.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await bobPage.getByTestId('first-site-hint').waitFor();
    expect(await bobPage.locator('.site-tile__name').count()).toBe(0);
    // What his browser still holds opens nothing.
    await bobPage.goto(bobPanel());
    await bobPage.waitForURL(`${origin}/`, { timeout: 20_000 });
  });

  it('sends a member of a company that requires two-factor sign-in to My Account to turn it on', async () => {
    // Saved as it is clicked: the box shows the company as the server answers it.
    await alicePage.getByLabel('Require two-factor sign-in').click();
    await waitUntil(() => alicePage.getByLabel('Require two-factor sign-in').isChecked(), 'the requirement saved');
    const invite = region(alicePage, 'Invite someone');
    await invite.getByLabel('E-mail').fill(BOB_EMAIL);
    await invite.getByLabel('Role', { exact: true }).selectOption('technician');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await alicePage.getByText(`Invitation sent to ${BOB_EMAIL}.`).waitFor();
    await waitUntil(() => smtp.mailsTo(BOB_EMAIL).length === 2, 'the second invitation mail');
    await bobPage.goto(await invitationLink(BOB_EMAIL));
    await bobPage.getByRole('button', { name: 'Accept invitation' }).click();
    await bobPage.waitForURL(`${origin}/account`);
    await bobPage
      .getByTestId('two-factor-required')
      .filter({ hasText: "Northside Fire requires two-factor sign-in: turn it on to reach the company's sites." })
      .waitFor();
    await bobPage.screenshot({ path: screenshotPath('two-factor-required'), fullPage: true });
    // Until he does, the company's site stays closed to him.
    await bobPage.getByRole('link', { name: 'Site Manager' }).first().click();
    // Read and found empty: the first-site guidance shows only once the list is loaded with no site.
    await bobPage.getByTestId('first-site-hint').waitFor();
    expect(await bobPage.locator('.site-tile__name').count()).toBe(0);
  });
});
