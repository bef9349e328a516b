import { act, screen, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { ACCOUNT_ACTIVITY_TEXT } from '../account-activity-messages.constants';
import {
  FakeAccountActivityApi,
  OTHER_SESSIONS_ENDED,
  PASSWORD_RESET,
  RECOVERY_CODE_USED,
  SESSION_ENDED,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ON,
} from '../fake-account-activity-api.fixtures';

const account = {
  email: 'erin@example.com',
  name: 'Erin Engineer',
  company: 'Acme',
  telephone: '0113 496 0000',
  otherEventToasts: true,
};

describe("My Account's account activity", () => {
  let api: FakeAccountActivityApi;
  /** Whether the API leaves the activity read unanswered: it stays in flight. */
  let held: boolean;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    api = new FakeAccountActivityApi();
    held = false;
  });

  async function open({ settle = true } = {}) {
    const app = await renderApp('/account', (path, init) => {
      if (path === '/api/auth/account') return jsonResponse(200, 'OK', account);
      if (held) return undefined;
      return api.answer(path, init);
    });
    if (settle)
      await act(() =>
        waitForState(
          app.store,
          ({ accountActivity }) =>
            !accountActivity.reading && (accountActivity.entries !== null || accountActivity.loadError !== null),
        ),
      );
    return app;
  }

  const section = () => screen.getByRole('region', { name: ACCOUNT_ACTIVITY_TEXT.title });
  const items = () => within(section()).getAllByRole('listitem');

  it('says it is reading the activity until the API answers', async () => {
    held = true;
    await open({ settle: false });
    expect(within(section()).getByText(ACCOUNT_ACTIVITY_TEXT.loading)).toBeTruthy();
    expect(within(section()).queryByRole('list')).toBeNull();
    expect(within(section()).queryByText(ACCOUNT_ACTIVITY_TEXT.empty)).toBeNull();
  });

  it('lists each change, newest first, with when and from where, after the signed-in browsers', async () => {
    api.activity = [
      TWO_FACTOR_OFF,
      RECOVERY_CODE_USED,
      SESSION_ENDED,
      OTHER_SESSIONS_ENDED,
      TWO_FACTOR_ON,
      PASSWORD_RESET,
    ];
    await open();
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('account-activity-title')).toBe(regions.indexOf('sessions-title') + 1);
    expect(within(section()).getByRole('heading', { name: 'Account activity' })).toBeTruthy();
    expect(within(section()).queryByText(ACCOUNT_ACTIVITY_TEXT.loading)).toBeNull();
    expect(within(section()).queryByRole('alert')).toBeNull();

    expect(items().map((item) => [...item.children].map((line) => line.textContent))).toEqual([
      ['Two-factor sign-in turned off', '02/05/2025 08:15:00 UTC from 203.0.113.7'],
      ['Recovery code used (7 left)', '02/05/2025 08:14:30 UTC from 203.0.113.7'],
      ['Signed out Firefox on Linux', '01/05/2025 18:40:00 UTC from 198.51.100.23'],
      ['Signed out 2 other browsers', '30/04/2025 12:00:00 UTC from 192.0.2.140'],
      ['Two-factor sign-in turned on', '29/04/2025 07:05:09 UTC'],
      ['Password reset', '28/04/2025 21:30:00 UTC'],
    ]);
  });

  it('shows the time alone when the address is not known', async () => {
    api.activity = [{ ...OTHER_SESSIONS_ENDED, address: '', detail: '1' }];
    await open();
    expect(items()).toHaveLength(1);
    expect(within(items()[0]).getByText('Signed out 1 other browser')).toBeTruthy();
    expect(within(items()[0]).getByText('30/04/2025 12:00:00 UTC')).toBeTruthy();
    expect(items()[0].textContent).not.toContain('from');
  });

  it('says there is nothing yet when the account has no activity', async () => {
    api.activity = [];
    await open();
    expect(within(section()).getByText(ACCOUNT_ACTIVITY_TEXT.empty)).toBeTruthy();
    expect(within(section()).getByText('Nothing yet: changes to how you sign in appear here.')).toBeTruthy();
    expect(within(section()).queryByRole('list')).toBeNull();
    expect(within(section()).queryByText(ACCOUNT_ACTIVITY_TEXT.loading)).toBeNull();
  });

  it("shows the API's err when the activity cannot be read", async () => {
    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: 'Activity cannot be read now' });
    await open();
    const alert = within(section()).getByRole('alert');
    expect(alert.tagName).toBe('P');
    expect(alert.textContent).toBe('Activity cannot be read now');
    expect(within(section()).queryByRole('list')).toBeNull();
    expect(within(section()).queryByText(ACCOUNT_ACTIVITY_TEXT.loading)).toBeNull();
    expect(within(section()).queryByText(ACCOUNT_ACTIVITY_TEXT.empty)).toBeNull();
  });
});
