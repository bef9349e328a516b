import { act, fireEvent, screen } from '@testing-library/react';
import {
  COMPANY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  TELEPHONE_MAX_LENGTH,
} from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { tokenWith } from '../../../test/tokens.util';
import { waitForState } from '../../../test/store-wait.util';
import { renderApp, requestsOf } from '../../../test/render-app.util';

const LOGIN_FAILED = 'Login failed: incorrect email address or password entered';

describe('Sign-in forms', () => {
  beforeEach(() => window.localStorage.clear());

  function fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values))
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }

  function logIn() {
    fill({ Email: 'erin@example.com', Password: 'wrong one' });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
  }

  it("shows a failed login's error on the login form only", async () => {
    const app = await renderApp('/login', (path) =>
      path === '/api/auth/login' ? jsonResponse(401, 'Unauthorized', { err: 'Invalid credentials' }) : undefined,
    );
    logIn();
    await act(() => waitForState(app.store, (state) => state.auth.forms.login.error !== null));
    expect(screen.getByRole('alert').textContent).toBe(LOGIN_FAILED);

    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(app.path()).toBe('/register');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Log In' }));
    fireEvent.click(screen.getByRole('link', { name: 'Reset Password' }));
    expect(app.path()).toBe('/resetpass');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a login answered after Register opened off the register form, which stays usable meanwhile', async () => {
    let answerLogin: (response: Response) => void = () => undefined;
    const app = await renderApp('/login');
    const serverAnswers = app.fetchMock.getMockImplementation();
    app.fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/auth/login'
        ? new Promise<Response>((resolve) => (answerLogin = resolve))
        : (serverAnswers?.(input, init) ?? new Promise<Response>(() => undefined)),
    );
    logIn();
    expect(screen.getByRole('button', { name: 'Logging in…' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(app.store.getState().auth.forms.login.pending).toBe(true);
    expect(screen.getByRole('button', { name: 'Register' })).toHaveProperty('disabled', false);

    await act(async () => {
      answerLogin(jsonResponse(401, 'Unauthorized', { err: 'Invalid credentials' }));
      await waitForState(app.store, (state) => state.auth.forms.login.error === LOGIN_FAILED);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(app.store.getState().auth.forms.register.error).toBeNull();

    fill({ 'Full name': 'Erin Engineer', Email: 'erin@example.com', Password: 'eight888' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('button', { name: 'Registering…' })).toHaveProperty('disabled', true);
    expect(requestsOf(app.fetchMock)).toEqual(['POST /api/auth/login', 'POST /api/auth/register']);
  });

  it("keeps a form's own failure from the login form opened after it", async () => {
    const app = await renderApp('/register', (path) =>
      path === '/api/auth/register' ? jsonResponse(409, 'Conflict', { err: 'Email already registered' }) : undefined,
    );
    fill({ 'Full name': 'Erin Engineer', Email: 'erin@example.com', Password: 'eight888' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await act(() => waitForState(app.store, (state) => state.auth.forms.register.error !== null));
    expect(screen.getByRole('alert').textContent).toBe('Email already registered');

    fireEvent.click(screen.getByRole('link', { name: 'Log In' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveProperty('disabled', false);
  });

  it('takes no more in each field than the API accepts', async () => {
    const maxLengths = (labels: string[]) =>
      labels.map((label) => (screen.getByLabelText(label) as HTMLInputElement).maxLength);

    await renderApp('/login');
    expect(maxLengths(['Email', 'Password'])).toEqual([EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH]);

    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(maxLengths(['Full name', 'Email', 'Password', 'Company', 'Phone number'])).toEqual([
      FULL_NAME_MAX_LENGTH,
      EMAIL_MAX_LENGTH,
      PASSWORD_MAX_LENGTH,
      COMPANY_MAX_LENGTH,
      TELEPHONE_MAX_LENGTH,
    ]);

    fireEvent.click(screen.getByRole('link', { name: 'Log In' }));
    fireEvent.click(screen.getByRole('link', { name: 'Reset Password' }));
    expect(maxLengths(['Email'])).toEqual([EMAIL_MAX_LENGTH]);
  });

  it('takes a new password of at most the length the API accepts', async () => {
    await renderApp(`/resetpass/${tokenWith({ email: 'erin@example.com' })}`);
    expect((screen.getByLabelText('New password') as HTMLInputElement).maxLength).toBe(PASSWORD_MAX_LENGTH);
  });
});
