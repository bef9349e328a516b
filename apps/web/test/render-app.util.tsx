import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { AUTH_STORAGE_KEY } from '@app/contracts';
import { createAppStore } from '../src/app/app.store';
import type { AppServices } from '../src/app/root.saga';
import { AppRoutes } from '../src/app/app.routes';
import { installFetchMock, jsonResponse, type FetchMock } from './fetch-mock.util';
import { FakeWebSocket } from './fake-websocket.util';
import { waitForState } from './store-wait.util';
import { inOneHour, tokenWith } from './tokens.util';

export const TEST_ISSUER = 'fire-alarm-portal-api';

export const TEST_CLIENT_CONFIG = {
  issuer: TEST_ISSUER,
  supportPhone: '+44 20 7946 0000',
  supportEmail: 'support@alarms.example',
  supportAddress: '1 Bell Lane, Leeds LS1 1AA',
  providerName: 'Example Alarm Services Ltd',
};

/** What the server answers one request: a Response, or undefined for "never answers". */
export type Answer = (path: string, init: RequestInit | undefined) => Response | undefined;

export function CurrentPath() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="path">{pathname}</output>
      <output data-testid="search">{search}</output>
    </>
  );
}

/** `claims`: more of the session token's payload, e.g. its session id (`sid`). */
export function signIn(claims: Record<string, unknown> = {}): void {
  const session = tokenWith({ iss: TEST_ISSUER, exp: inOneHour(), typ: 'session', sub: 'user-1', ...claims });
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ session }));
}

export function claimsTokenFor(panels: string[]): string {
  return tokenWith({ iss: TEST_ISSUER, exp: inOneHour(), typ: 'claims', sub: 'user-1', panels });
}

/** The apps rendered by the current test, stopped after it. */
const renderedApps: Array<{ rootTask: { cancel(): void } }> = [];

// Importing renderApp is enough: after each test of the importing file its apps' root sagas are
// cancelled and the DOM cleared, so no spec repeats that cleanup.
afterEach(() => {
  for (const app of renderedApps.splice(0)) app.rootTask.cancel();
  cleanup();
});

/**
 * The whole client (real store, sagas and routes) at a path; the server is the answer function,
 * with /api/config answered unless it answers it itself. Requests with no answer stay pending.
 * `services` replaces what of the browser the sagas reach through an object (its push).
 */
export async function renderApp(path: string, answer: Answer = () => undefined, services?: AppServices) {
  FakeWebSocket.install();
  const fetchMock: FetchMock = installFetchMock();
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const response =
      answer(url, init) ?? (url === '/api/config' ? jsonResponse(200, 'OK', TEST_CLIENT_CONFIG) : undefined);
    return response ? Promise.resolve(response) : new Promise<Response>(() => undefined);
  });
  const app = createAppStore(undefined, services);
  render(
    <Provider store={app.store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentPath />
      </MemoryRouter>
    </Provider>,
  );
  renderedApps.push(app);
  await act(() => waitForState(app.store, (state) => state.auth.ready));
  return { ...app, fetchMock, path: () => screen.getByTestId('path').textContent };
}

/** The requests sent so far, as "METHOD path", without the configuration read at start. */
export function requestsOf(fetchMock: FetchMock): string[] {
  return fetchMock.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`)
    .filter((request) => request !== 'GET /api/config');
}
