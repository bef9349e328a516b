import { act, fireEvent, screen } from '@testing-library/react';
import { COMPANY_MAX_LENGTH, EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, TELEPHONE_MAX_LENGTH } from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import { waitForState } from '../../test/store-wait.util';
import { renderApp, requestsOf, signIn } from '../../test/render-app.util';
import { ACCOUNT_SAVED_MESSAGE } from './account-messages.constants';
import { selectOtherEventToasts } from './account.selectors';

const stored = {
  email: 'erin@example.com',
  name: 'Erin Engineer',
  company: 'Acme',
  telephone: '0113 496 0000',
  otherEventToasts: true,
};

describe('My Account page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function openWith(saveAnswer: () => Response) {
    const app = await renderApp('/account', (path, init) => {
      if (path !== '/api/auth/account') return undefined;
      return init?.method === 'POST' ? saveAnswer() : jsonResponse(200, 'OK', stored);
    });
    await screen.findByDisplayValue('Erin Engineer');
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme Fire Ltd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(() => waitForState(app.store, (state) => !state.account.save.pending));
    return app;
  }

  it('confirms a save, until the next edit', async () => {
    const app = await openWith(() => jsonResponse(200, 'OK', {}));

    expect((await screen.findByText(ACCOUNT_SAVED_MESSAGE)).className).toContain('alert-success');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // Read as the session starts (its toast preference) and as the page opens, then saved once.
    expect(requestsOf(app.fetchMock).filter((request) => request.endsWith(' /api/auth/account'))).toEqual([
      'GET /api/auth/account',
      'GET /api/auth/account',
      'POST /api/auth/account',
    ]);

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme Fire' } });
    expect(screen.queryByText(ACCOUNT_SAVED_MESSAGE)).toBeNull();
  });

  it("shows the server's err of a refused save and no confirmation", async () => {
    await openWith(() => jsonResponse(200, 'OK', { err: 'Email already in use' }));

    expect(screen.getByRole('alert').textContent).toBe('Email already in use');
    expect(screen.queryByText(ACCOUNT_SAVED_MESSAGE)).toBeNull();
  });

  it('turns toasts for other events off with the account, which the live feed then follows', async () => {
    const app = await renderApp('/account', (path, init) => {
      if (path !== '/api/auth/account') return undefined;
      return init?.method === 'POST' ? jsonResponse(200, 'OK', {}) : jsonResponse(200, 'OK', stored);
    });
    await screen.findByDisplayValue('Erin Engineer');
    expect(selectOtherEventToasts(app.store.getState())).toBe(true);
    const toggle = screen.getByLabelText('Toasts for other events') as HTMLInputElement;
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(() => waitForState(app.store, (state) => state.account.saves === 1));

    const save = app.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(save?.[1]?.body))).toEqual({ ...stored, otherEventToasts: false });
    expect(selectOtherEventToasts(app.store.getState())).toBe(false);
    expect((screen.getByLabelText('Toasts for other events') as HTMLInputElement).checked).toBe(false);
  });

  it('takes no more in each field than the API accepts', async () => {
    await renderApp('/account', (path) => (path === '/api/auth/account' ? jsonResponse(200, 'OK', stored) : undefined));
    await screen.findByDisplayValue('Erin Engineer');
    expect(
      ['Email', 'Name', 'Company', 'Phone number'].map(
        (label) => (screen.getByLabelText(label) as HTMLInputElement).maxLength,
      ),
    ).toEqual([EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, COMPANY_MAX_LENGTH, TELEPHONE_MAX_LENGTH]);
  });
});
