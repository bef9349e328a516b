import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { renderApp, signIn, TEST_ISSUER } from '../../../test/render-app.util';
import { inOneHour, tokenWith } from '../../../test/tokens.util';
import { CURRENT_CODE, FakeTwoFactorApi } from '../fake-two-factor-api.fixtures';
import { TWO_FACTOR_PATH } from '../two-factor.api';

const account = {
  email: 'erin@example.com',
  name: 'Erin Engineer',
  company: 'Acme',
  telephone: '0113 496 0000',
  otherEventToasts: true,
};

const NOTICE = "Acme Fire, Beta Alarms requires two-factor sign-in: turn it on to reach the company's sites.";

/** A company that requires two-factor sign-in (docs/access.md, "Teams") while the user has it off. */
describe('two-factor sign-in required by a company', () => {
  let api: FakeTwoFactorApi;
  /** The two-factor API's answers, in order. */
  let answered: Response[];

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeTwoFactorApi();
    api.requiredBy = ['Acme Fire', 'Beta Alarms'];
    answered = [];
  });

  const open = (path: string) =>
    renderApp(path, (requested, init) => {
      if (requested === '/api/auth/account') return jsonResponse(200, 'OK', account);
      if (requested === '/api/auth/login') {
        return jsonResponse(200, 'OK', { token: tokenWith({ iss: TEST_ISSUER, exp: inOneHour(), typ: 'session' }) });
      }
      const answer = api.answer(requested, init);
      if (answer) answered.push(answer);
      return answer;
    });
  const notice = () => screen.queryByTestId('two-factor-required');
  const twoFactorSection = () => screen.getByRole('region', { name: 'Two-factor sign-in' });

  it('sends the user to My Account as the app opens signed in, where the notice names the companies above the section', async () => {
    signIn();
    const app = await open('/alarms');
    await waitFor(() => expect(app.path()).toBe('/account'));
    await waitFor(() => expect(notice()?.textContent).toBe(NOTICE));
    expect(notice()?.getAttribute('role')).toBe('status');
    // Just above the section.
    expect(notice()?.nextElementSibling).toBe(twoFactorSection());

    // Once: the user may go elsewhere.
    fireEvent.click(screen.getByRole('link', { name: 'Alarms' }));
    await waitFor(() => expect(app.path()).toBe('/alarms'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(app.path()).toBe('/alarms');
  });

  it('sends the user to My Account after signing in', async () => {
    const app = await open('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'erin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(app.path()).toBe('/account'));
    await waitFor(() => expect(notice()?.textContent).toBe(NOTICE));
  });

  it('drops the notice once two-factor sign-in is on', async () => {
    signIn();
    const app = await open('/account');
    await waitFor(() => expect(notice()?.textContent).toBe(NOTICE));
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: CURRENT_CODE } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(app.store.getState().twoFactor.status?.enabled).toBe(true));
    expect(notice()).toBeNull();
  });

  it.each<[string, boolean, string[] | undefined]>([
    ['two-factor sign-in is on', true, ['Acme Fire']],
    ['no company requires it', false, []],
    ['the server does not say', false, undefined],
  ])('leaves the user where they are, with no notice, when %s', async (_case, enabled, requiredBy) => {
    api.enabled = enabled;
    api.requiredBy = requiredBy;
    signIn();
    const app = await open('/alarms');
    await waitFor(() => expect(answered.some((answer) => answer.bodyUsed)).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(app.path()).toBe('/alarms');
    expect(api.bearers).toHaveLength(1);
    expect(app.fetchMock.mock.calls.filter(([path]) => String(path) === TWO_FACTOR_PATH)).toHaveLength(1);

    fireEvent.click(screen.getByRole('link', { name: 'My Account' }));
    await waitFor(() => expect(app.store.getState().twoFactor.status).not.toBeNull());
    expect(notice()).toBeNull();
  });
});
