import { act, fireEvent, screen } from '@testing-library/react';
import { AUTH_STORAGE_KEY, TWO_FACTOR_MESSAGES } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { inOneHour, tokenWith } from '../../../test/tokens.util';
import { waitForState } from '../../../test/store-wait.util';
import { TEST_ISSUER, renderApp, requestsOf } from '../../../test/render-app.util';
import { SECOND_FACTOR_TEXT } from '../second-factor-messages.constants';

const CHALLENGE = tokenWith({ iss: TEST_ISSUER, typ: 'second-factor', exp: inOneHour() });
const GOOD_CODE = '492039';
const RECOVERY_CODE = 'abcde-fghjk';

describe('Login with two-factor sign-in', () => {
  const session = tokenWith({ iss: TEST_ISSUER, exp: inOneHour(), typ: 'session', sub: 'user-1' });
  /** What POST /api/v2/auth/second-factor answers a code. */
  let verifyAnswer: (code: string) => Response | undefined;

  beforeEach(() => {
    window.localStorage.clear();
    verifyAnswer = (code) =>
      code === GOOD_CODE || code === RECOVERY_CODE
        ? jsonResponse(200, 'OK', { token: session })
        : jsonResponse(401, 'Unauthorized', { err: TWO_FACTOR_MESSAGES.wrongCode });
  });

  async function challenged() {
    const app = await renderApp('/login', (path, init) => {
      if (path === '/api/auth/login') return jsonResponse(200, 'OK', { secondFactor: 'totp', challenge: CHALLENGE });
      if (path === '/api/v2/auth/second-factor')
        return verifyAnswer((JSON.parse(String(init?.body)) as { code: string }).code);
      return undefined;
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'erin@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await act(() => waitForState(app.store, (state) => state.auth.secondFactor !== null));
    return app;
  }

  const codeField = () => screen.getByLabelText(SECOND_FACTOR_TEXT.codeLabel) as HTMLInputElement;
  const verifyButton = () => screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
  const enter = (code: string) => {
    fireEvent.change(codeField(), { target: { value: code } });
    fireEvent.click(verifyButton());
  };

  it('asks for the code instead of signing in, in a plain text field', async () => {
    const app = await challenged();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(screen.getByText(SECOND_FACTOR_TEXT.intro)).toBeTruthy();
    expect(codeField().type).toBe('text');
    expect(codeField().autocomplete).toBe('one-time-code');
    expect(codeField().inputMode).toBe('');
    expect(verifyButton().disabled).toBe(true);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(app.store.getState().auth.session).toBeNull();
    expect(app.path()).toBe('/login');
  });

  it('signs in with the code as a login does: stored, claims asked, on to the sites', async () => {
    const app = await challenged();
    enter(GOOD_CODE);
    expect(verifyButton().disabled).toBe(true);
    await act(() => waitForState(app.store, (state) => state.auth.session !== null));

    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toEqual({ session });
    expect(app.path()).toBe('/');
    expect(requestsOf(app.fetchMock).slice(0, 2)).toEqual(['POST /api/auth/login', 'POST /api/v2/auth/second-factor']);
    await act(() => waitForState(app.store, () => requestsOf(app.fetchMock).includes('POST /api/v2/claims/auth')));
  });

  it("keeps the step with the server's err after a wrong code, and takes a recovery code next", async () => {
    const app = await challenged();
    enter('000000');
    await act(() => waitForState(app.store, (state) => state.auth.secondFactor?.status.error !== null));
    expect(screen.getByRole('alert').textContent).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(verifyButton().disabled).toBe(false);

    verifyAnswer = () => jsonResponse(429, 'Too Many Requests', { err: 'Too many attempts: wait a minute' });
    enter('111111');
    await act(() => waitForState(app.store, (state) => !state.auth.secondFactor?.status.pending));
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts: wait a minute');

    verifyAnswer = (code) => (code === RECOVERY_CODE ? jsonResponse(200, 'OK', { token: session }) : undefined);
    enter(` ${RECOVERY_CODE} `);
    await act(() => waitForState(app.store, (state) => state.auth.session === session));
    expect(app.path()).toBe('/');
  });

  it('goes back to the e-mail/password form with the message when the challenge expired', async () => {
    const app = await challenged();
    verifyAnswer = () => jsonResponse(401, 'Unauthorized', { err: TWO_FACTOR_MESSAGES.challengeExpired });
    enter(GOOD_CODE);
    await act(() => waitForState(app.store, (state) => state.auth.secondFactor === null));

    expect(screen.getByRole('alert').textContent).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('erin@example.com');
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveProperty('disabled', false);
  });

  it('goes back to the e-mail/password form on Back', async () => {
    const app = await challenged();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(screen.getByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsOf(app.fetchMock)).toEqual(['POST /api/auth/login']);
  });

  it('disables Verify and Back while the code is checked', async () => {
    verifyAnswer = () => undefined;
    await challenged();
    enter(GOOD_CODE);
    expect(verifyButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);
  });
});
