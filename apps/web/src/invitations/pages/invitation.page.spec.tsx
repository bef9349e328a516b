import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { claimsTokenFor, renderApp, requestsOf, signIn, TEST_ISSUER, type Answer } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../../test/tokens.util';
import {
  ACME_ID,
  DEPOT,
  EXPIRED,
  FakeInvitationsApi,
  NOT_VALID,
  OTHER_ADDRESS,
  TO_ACME,
  TO_DEPOT,
  TO_SOMEONE_ELSE,
} from '../fake-invitations-api.fixtures';

const newSession = () => tokenWith({ iss: TEST_ISSUER, exp: inOneHour(), typ: 'session', sub: 'user-1' });

describe('The invitation page', () => {
  let api: FakeInvitationsApi;
  /** The panels the claims token lists. */
  let panels: string[];
  /** The server: the invitations API, sign-in and registration, the claims and the sites. */
  let server: Answer;

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakeInvitationsApi();
    panels = [];
    server = (path, init) => {
      if (path === '/api/auth/login' || path === '/api/auth/register')
        return jsonResponse(200, 'OK', { token: newSession() });
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor(panels) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', []);
      return api.answer(path, init);
    };
  });

  async function open(token: string) {
    const app = await renderApp(`/invitation/${token}`, (path, init) => server(path, init));
    await act(() =>
      waitForState(app.store, ({ invitations }) => invitations.preview !== null || invitations.previewError !== null),
    );
    return app;
  }

  const card = () => screen.getByRole('heading', { level: 1, name: 'Invitation' }).closest('.card') as HTMLElement;
  const acceptButton = () => screen.queryByRole('button', { name: 'Accept invitation' }) as HTMLButtonElement | null;

  describe('signed out', () => {
    it('says what the link offers, to whom and until when, with the way to sign in or register and come back', async () => {
      const app = await open(TO_ACME);
      expect(app.path()).toBe(`/invitation/${TO_ACME}`);
      expect(within(card()).getByText('Vera Viewer invites you to join Acme Fire as Technician')).toBeTruthy();
      expect(within(card()).getByText('Sent to erin@example.com')).toBeTruthy();
      expect(within(card()).getByText('Expires 10/05/2025 09:30:00 UTC')).toBeTruthy();
      expect(acceptButton()).toBeNull();
      const here = encodeURIComponent(`/invitation/${TO_ACME}`);
      expect(screen.getByRole('link', { name: 'Sign in to accept' }).getAttribute('href')).toBe(`/login?next=${here}`);
      expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
        `/register?next=${here}`,
      );
      expect(screen.queryByText('My Account')).toBeNull();
    });

    it("names the site of a site's invitation", async () => {
      await open(TO_DEPOT);
      expect(within(card()).getByText('Tom Tech invites you to the site Depot as Viewer')).toBeTruthy();
    });

    it.each([
      ['not valid', 'no-such-token', NOT_VALID],
      ['expired', EXPIRED, 'This invitation has expired'],
    ])("shows the API's err for a link that is %s", async (_case, token, err) => {
      await open(token);
      expect(within(card()).getByRole('alert').textContent).toBe(err);
      expect(screen.queryByRole('link', { name: 'Sign in to accept' })).toBeNull();
    });

    it('comes back here once signed in', async () => {
      await open(TO_ACME);
      fireEvent.click(screen.getByRole('link', { name: 'Sign in to accept' }));
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'erin@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
      fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
      expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
      expect(screen.getByTestId('path').textContent).toBe(`/invitation/${TO_ACME}`);
    });

    it('comes back here once registered, by way of the sign-in page too', async () => {
      await open(TO_ACME);
      fireEvent.click(screen.getByRole('link', { name: 'Sign in to accept' }));
      fireEvent.click(screen.getByRole('link', { name: 'Register' }));
      expect(screen.getByTestId('path').textContent).toBe('/register');
      expect(new URLSearchParams(screen.getByTestId('search').textContent ?? '').get('next')).toBe(
        `/invitation/${TO_ACME}`,
      );
      expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe(
        `/login?next=${encodeURIComponent(`/invitation/${TO_ACME}`)}`,
      );
      fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Erin Engineer' } });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'erin@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
      expect(screen.getByTestId('path').textContent).toBe(`/invitation/${TO_ACME}`);
    });
  });

  describe('signed in', () => {
    beforeEach(() => signIn());

    it("accepts a company's invitation: the claims and sites read again, then the company's page", async () => {
      const app = await open(TO_ACME);
      fireEvent.click(acceptButton() as HTMLButtonElement);
      // The company's page opens as it renders: waited for outside act, which holds renders back.
      await waitFor(() => expect(app.path()).toBe(`/companies/${ACME_ID}`));
      const after = requestsOf(app.fetchMock).slice(
        requestsOf(app.fetchMock).indexOf('POST /api/v2/invitations/accept'),
      );
      expect(after.slice(0, 3)).toEqual([
        'POST /api/v2/invitations/accept',
        'POST /api/v2/claims/auth',
        'GET /api/v2/sites',
      ]);
    });

    it("accepts a site's invitation and opens the site", async () => {
      const app = await open(TO_DEPOT);
      panels = [DEPOT];
      fireEvent.click(acceptButton() as HTMLButtonElement);
      await waitFor(() => expect(app.path()).toBe(`/site/${DEPOT}`));
      // The claims read again list it: the site's screen opens.
      await act(() => waitForState(app.store, ({ auth }) => auth.panelAccess[DEPOT]?.state === 'allowed'));
      expect(app.path()).toBe(`/site/${DEPOT}`);
    });

    it("shows the API's err when the invitation was sent to another address, and stays", async () => {
      const app = await open(TO_SOMEONE_ELSE);
      expect(within(card()).getByText('Sent to nina@example.com')).toBeTruthy();
      fireEvent.click(acceptButton() as HTMLButtonElement);
      await act(() => waitForState(app.store, ({ invitations }) => invitations.accept.error !== null));
      expect(within(card()).getByRole('alert').textContent).toBe(OTHER_ADDRESS);
      expect(app.path()).toBe(`/invitation/${TO_SOMEONE_ELSE}`);
      expect(acceptButton()?.disabled).toBe(false);
    });
  });
});
