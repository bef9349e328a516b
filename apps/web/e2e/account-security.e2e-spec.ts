import type { Browser, Page } from 'playwright-core';
import { authenticatorAppCode } from '@app/testing';
import {
  ACCOUNT_ACTIVITY_TEXT,
  recoveryCodeUsedText,
  sessionEndedText,
} from '../src/account-activity/account-activity-messages.constants';
import { SECOND_FACTOR_TEXT } from '../src/auth/second-factor-messages.constants';
import { SESSIONS_TEXT } from '../src/sessions/sessions-messages.constants';
import { TWO_FACTOR_TEXT, recoveryCodesLeftText } from '../src/two-factor/two-factor-messages.constants';
import { screenshotPath } from './browser.util';
import { startBrowserWorld, type BrowserWorld } from './browser-world.util';

const EMAIL = 'tara@example.com';
const PASSWORD = 'tara password';

/**
 * Two-factor sign-in and signed-in browsers (docs/access.md) in the built client against the real
 * portal-api: set up in My Account with a code this test computes from the key on the page, as a
 * phone would; signing in then asks for a code, and a recovery code works once; a second browser is
 * listed, and signing it out from the first signs it out.
 */
describe('two-factor sign-in and signed-in browsers in Chromium', () => {
  let started: BrowserWorld;
  let page: Page;
  let origin: string;
  let browser: Browser;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    started = await startBrowserWorld({}, []);
    ({ page, origin, browser } = started);
  });

  afterAll(() => started?.close());

  const twoFactor = () => page.getByRole('region', { name: TWO_FACTOR_TEXT.title });
  const sessions = (on: Page = page) => on.getByRole('region', { name: SESSIONS_TEXT.title });
  /** The code a phone shows `stepsAhead` 30-second steps from now (the portal takes the next step's too). */
  const phoneCode = (stepsAhead = 0) => authenticatorAppCode(secret, new Date(Date.now() + stepsAhead * 30_000));

  async function logIn(on: Page, password = PASSWORD) {
    await on.goto(`${origin}/login`);
    await on.getByLabel('Email').fill(EMAIL);
    await on.getByLabel('Password').fill(password);
    await on.getByRole('button', { name: 'Log In' }).click();
  }

  async function logOut() {
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
  }

  it('registers, and signs in with the password alone while two-factor sign-in is off', async () => {
    await page.goto(`${origin}/register`);
    await page.getByLabel('Full name').fill('Tara Twofactor');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await page.getByRole('link', { name: 'My Account' }).click();
    await twoFactor().getByText(TWO_FACTOR_TEXT.off).waitFor();
  });

  it('turns it on with the QR code and a first code, and shows ten recovery codes once', async () => {
    await twoFactor().getByRole('button', { name: 'Turn on' }).click();
    await twoFactor().getByText(TWO_FACTOR_TEXT.enrol).waitFor();
    await twoFactor().getByRole('img', { name: TWO_FACTOR_TEXT.qrAlt }).waitFor();
    secret = (await twoFactor().getByTestId('two-factor-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await twoFactor().getByLabel('Code', { exact: true }).fill('000000');
    await twoFactor().getByRole('button', { name: 'Confirm' }).click();
    await twoFactor().getByRole('alert').filter({ hasText: 'The code is not valid' }).waitFor();
    await twoFactor().getByLabel('Code', { exact: true }).fill(phoneCode());
    await twoFactor().getByRole('button', { name: 'Confirm' }).click();
    await twoFactor().getByText(TWO_FACTOR_TEXT.recoveryCodes).waitFor();
    recoveryCodes = await twoFactor().getByRole('list').locator('code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await twoFactor().screenshot({ path: screenshotPath('two-factor-recovery-codes') });
    await twoFactor().getByRole('button', { name: 'I have saved them' }).click();
    await twoFactor().getByText(TWO_FACTOR_TEXT.on).waitFor();
    await twoFactor().getByText(recoveryCodesLeftText(10)).waitFor();
  });

  it('asks for the code after the password, refuses a wrong one, and signs in with the right one', async () => {
    await logOut();
    await logIn(page);
    await page.getByRole('heading', { name: SECOND_FACTOR_TEXT.title }).waitFor();
    await page.getByText(SECOND_FACTOR_TEXT.intro).waitFor();
    await page.screenshot({ path: screenshotPath('login-second-factor'), fullPage: true });
    await page.getByLabel(SECOND_FACTOR_TEXT.codeLabel).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'The code is not valid' }).waitFor();
    // The set-up used this step's code: the next step's, which the portal takes too, signs in.
    await page.getByLabel(SECOND_FACTOR_TEXT.codeLabel).fill(phoneCode(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
  });

  it('signs in once with a recovery code, and refuses it the second time', async () => {
    await logOut();
    await logIn(page);
    await page.getByLabel(SECOND_FACTOR_TEXT.codeLabel).fill(recoveryCodes[4]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await logOut();
    await logIn(page);
    await page.getByLabel(SECOND_FACTOR_TEXT.codeLabel).fill(recoveryCodes[4]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'The code is not valid' }).waitFor();
    await page.getByLabel(SECOND_FACTOR_TEXT.codeLabel).fill(recoveryCodes[5]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
    await page.getByRole('link', { name: 'My Account' }).click();
    await twoFactor().getByText(recoveryCodesLeftText(8)).waitFor();
  });

  it('lists a second browser and signs it out from the first: the second is back at the login page', async () => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Firefox/133.0' });
    const other = await context.newPage();
    try {
      await logIn(other);
      await other.getByLabel(SECOND_FACTOR_TEXT.codeLabel).fill(recoveryCodes[6]);
      await other.getByRole('button', { name: 'Verify' }).click();
      await other.getByRole('heading', { name: 'Site Manager' }).waitFor();

      await page.reload();
      const firefox = sessions().getByRole('listitem').filter({ hasText: 'Firefox on Linux' });
      await firefox.waitFor();
      await sessions()
        .getByRole('listitem')
        .filter({ hasText: `Chrome on Linux ${SESSIONS_TEXT.thisBrowser}` })
        .waitFor();
      expect(await firefox.textContent()).toMatch(/Signed in .* UTC from .*127\.0\.0\.1.*Last seen .* UTC/);
      await sessions().screenshot({ path: screenshotPath('signed-in-browsers') });
      await sessions().getByRole('button', { name: 'Sign out Firefox on Linux', exact: true }).click();
      await firefox.waitFor({ state: 'detached' });

      // The other browser's next request is refused: it is signed out.
      await other.getByRole('link', { name: 'My Account' }).click();
      await other.getByRole('button', { name: 'Log In' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('turns it off with a code; signing in then takes the password alone', async () => {
    await twoFactor().getByLabel('Code to turn it off').fill(recoveryCodes[7]);
    await twoFactor().getByRole('button', { name: 'Turn off' }).click();
    await twoFactor().getByText(TWO_FACTOR_TEXT.off).waitFor();
    // The account's own record of it all, newest first, each with its time and address.
    const activity = page.getByRole('region', { name: ACCOUNT_ACTIVITY_TEXT.title }).getByRole('listitem');
    await activity.first().filter({ hasText: ACCOUNT_ACTIVITY_TEXT.twoFactorOff }).waitFor();
    const entries = await activity.allTextContents();
    // Each Logout ended its session on the server too ('Signed out Chrome on Linux').
    expect(entries.map((entry) => entry.replace(/\d\d\/\d\d\/\d{4} [\d:]+ UTC from \S+$/, ''))).toEqual([
      ACCOUNT_ACTIVITY_TEXT.twoFactorOff,
      recoveryCodeUsedText('6'),
      sessionEndedText('Firefox on Linux'),
      recoveryCodeUsedText('7'),
      recoveryCodeUsedText('8'),
      sessionEndedText('Chrome on Linux'),
      recoveryCodeUsedText('9'),
      sessionEndedText('Chrome on Linux'),
      sessionEndedText('Chrome on Linux'),
      ACCOUNT_ACTIVITY_TEXT.twoFactorOn,
    ]);
    await page
      .getByRole('region', { name: ACCOUNT_ACTIVITY_TEXT.title })
      .screenshot({ path: screenshotPath('account-activity') });
    await logOut();
    await logIn(page);
    await page.getByRole('heading', { name: 'Site Manager' }).waitFor();
  });
});
