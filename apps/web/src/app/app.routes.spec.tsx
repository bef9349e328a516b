import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { AUTH_STORAGE_KEY } from '@app/contracts';
import { createAppStore } from './app.store';
import { AppRoutes } from './app.routes';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

describe('route table', () => {
  let app: ReturnType<typeof createAppStore>;

  beforeEach(() => {
    window.localStorage.clear();
    FakeWebSocket.install();
    installFetchMock().mockImplementation((path) =>
      Promise.resolve(
        String(path) === '/api/config'
          ? jsonResponse(200, 'OK', { issuer: 'fire-alarm-portal-api' })
          : new Promise<Response>(() => undefined),
      ) as Promise<Response>,
    );
    app = createAppStore();
  });

  afterEach(() => app.rootTask.cancel());

  async function renderAt(path: string) {
    render(
      <Provider store={app.store}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <CurrentPath />
        </MemoryRouter>
      </Provider>,
    );
    await act(() => waitForState(app.store, (state) => state.auth.ready));
    return screen.getByTestId('path').textContent;
  }

  function signedIn() {
    const session = tokenWith({ iss: 'fire-alarm-portal-api', exp: inOneHour() });
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
  }

  it('sends a signed-out visitor anywhere but the sign-in, help and privacy pages to /login', async () => {
    expect(await renderAt('/site/0011aabbccdd/events')).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByText('My Account')).toBeNull();
  });

  it('keeps help public, in the app frame', async () => {
    expect(await renderAt('/help')).toBe('/help');
    expect(screen.getByRole('heading', { name: 'Help' })).toBeTruthy();
  });

  it('shows the navbar when signed in and redirects /site, unknown paths and bad addresses home', async () => {
    signedIn();
    expect(await renderAt('/site')).toBe('/');
    expect(screen.getByText('My Account')).toBeTruthy();
    cleanup();
    expect(await renderAt('/nowhere')).toBe('/');
  });

  it('removes a trailing slash and opens the events tab of a mail link', async () => {
    signedIn();
    expect(await renderAt('/site/0011aabbccdd/events/')).toBe('/site/0011aabbccdd/events');
    expect(screen.getByRole('button', { name: 'All' })).toBeTruthy();
  });

  it('refuses an address that is not 12 lowercase hex characters', async () => {
    signedIn();
    expect(await renderAt('/site/0011AABBCCDD')).toBe('/');
  });
});
