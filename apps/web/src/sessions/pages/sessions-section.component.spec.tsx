import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { FakeSessionsApi, FIREFOX_ON_LINUX, LAPTOP, PHONE, THIS_BROWSER } from '../fake-sessions-api.fixtures';
import { SESSIONS_TEXT } from '../sessions-messages.constants';
import { SESSIONS_PATH } from '../sessions.api';

const account = {
  email: 'erin@example.com',
  name: 'Erin Engineer',
  company: 'Acme',
  telephone: '0113 496 0000',
  otherEventToasts: true,
};

describe("My Account's signed-in browsers", () => {
  let api: FakeSessionsApi;
  /** Requests ('METHOD path') the API leaves unanswered: they stay in flight. */
  let held: string[];

  beforeEach(() => {
    window.localStorage.clear();
    signIn({ sid: THIS_BROWSER.id });
    api = new FakeSessionsApi();
    held = [];
  });

  async function open({ settle = true } = {}) {
    const app = await renderApp('/account', (path, init) => {
      if (path === '/api/auth/account') return jsonResponse(200, 'OK', account);
      if (held.includes(`${init?.method ?? 'GET'} ${path}`)) return undefined;
      return api.answer(path, init);
    });
    const settled = () =>
      act(() =>
        waitForState(
          app.store,
          ({ sessions }) => sessions.sessions !== null && !sessions.reading && !sessions.request.pending,
        ),
      );
    if (settle) await settled();
    return { ...app, settled };
  }

  const section = () => screen.getByRole('region', { name: SESSIONS_TEXT.title });
  const items = () => within(section()).getAllByRole('listitem');
  const button = (name: string) => within(section()).getByRole('button', { name }) as HTMLButtonElement;
  const buttons = () => within(section()).getAllByRole('button') as HTMLButtonElement[];
  const signOutOthers = () => button(SESSIONS_TEXT.signOutOthers);

  it('says it is reading the list until the API answers', async () => {
    held = [`GET ${SESSIONS_PATH}`];
    await open({ settle: false });
    expect(within(section()).getByText(SESSIONS_TEXT.loading)).toBeTruthy();
    expect(within(section()).queryByRole('list')).toBeNull();
  });

  it('lists each browser with its name, times and address, after the two-factor section', async () => {
    await open();
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('sessions-title')).toBe(regions.indexOf('two-factor-title') + 1);
    expect(within(section()).getByRole('heading', { name: 'Signed-in browsers' })).toBeTruthy();
    expect(within(section()).queryByText(SESSIONS_TEXT.loading)).toBeNull();

    expect(items()).toHaveLength(3);
    const [current, laptop] = items();
    expect(current.textContent).toContain('Chrome on Android (this browser)');
    expect(within(current).getByText('Signed in 01/05/2025 09:30:00 UTC from 203.0.113.7')).toBeTruthy();
    expect(within(current).getByText('Last seen 01/05/2025 10:15:00 UTC')).toBeTruthy();
    expect(within(laptop).getByText('Firefox on Linux').getAttribute('title')).toBe(FIREFOX_ON_LINUX);
    expect(laptop.textContent).not.toContain(SESSIONS_TEXT.thisBrowser);
    expect(within(laptop).getByText('Signed in 28/04/2025 17:02:00 UTC from 198.51.100.23')).toBeTruthy();
    expect(within(laptop).getByText('Last seen 30/04/2025 08:44:00 UTC')).toBeTruthy();

    expect(items().map((item) => within(item).getByRole('button').getAttribute('aria-label'))).toEqual([
      'Sign out Chrome on Android (this browser)',
      'Sign out Firefox on Linux',
      'Sign out Safari on iPhone',
    ]);
    expect(items().every((item) => within(item).getByRole('button').textContent === 'Sign out')).toBe(true);
    expect(buttons().every((each) => !each.disabled)).toBe(true);
  });

  it('disables Sign out all other browsers when this browser is the only one', async () => {
    api.sessions = [THIS_BROWSER];
    await open();
    expect(items()).toHaveLength(1);
    expect(signOutOthers().disabled).toBe(true);
    expect(button('Sign out Chrome on Android (this browser)').disabled).toBe(false);
  });

  it('signs another browser out and lists the rest', async () => {
    const app = await open();
    fireEvent.click(button('Sign out Firefox on Linux'));
    await app.settled();
    expect(items().map((item) => within(item).getByRole('button').getAttribute('aria-label'))).toEqual([
      'Sign out Chrome on Android (this browser)',
      'Sign out Safari on iPhone',
    ]);
    expect(within(section()).queryByRole('alert')).toBeNull();
  });

  it('disables every button while a sign-out is in flight', async () => {
    held = [`POST ${SESSIONS_PATH}/${LAPTOP.id}/end`];
    await open();
    fireEvent.click(button('Sign out Firefox on Linux'));
    expect(buttons().every((each) => each.disabled)).toBe(true);
  });

  it('keeps the buttons disabled while the list is read again after a sign-out', async () => {
    const app = await open();
    held = [`GET ${SESSIONS_PATH}`];
    fireEvent.click(signOutOthers());
    await act(() => waitForState(app.store, ({ sessions }) => sessions.reading && !sessions.request.pending));
    expect(buttons().every((each) => each.disabled)).toBe(true);
  });

  it('signs every other browser out and says how many', async () => {
    const app = await open();
    fireEvent.click(signOutOthers());
    await app.settled();
    expect(within(section()).getByRole('status').textContent).toBe('Signed out 2 other browsers.');
    expect(items()).toHaveLength(1);
    expect(signOutOthers().disabled).toBe(true);
  });

  it('signs this browser out to the login page', async () => {
    const app = await open();
    fireEvent.click(button('Sign out Chrome on Android (this browser)'));
    await act(() => waitForState(app.store, (state) => state.auth.session === null));
    await waitFor(() => expect(api.sessions).toEqual([LAPTOP, PHONE]));
    expect(app.path()).toBe('/login');
    expect(screen.queryByRole('region', { name: SESSIONS_TEXT.title })).toBeNull();
  });

  it('reads the list again without an error when the browser had been signed out already', async () => {
    const app = await open();
    api.sessions = [THIS_BROWSER, PHONE];
    fireEvent.click(button('Sign out Firefox on Linux'));
    await app.settled();
    expect(items()).toHaveLength(2);
    expect(within(section()).queryByRole('alert')).toBeNull();
  });

  it("shows the API's err when the list cannot be read", async () => {
    api.refuse = () => jsonResponse(503, 'Service Unavailable', { err: 'Sessions cannot be read now' });
    const app = await open({ settle: false });
    await act(() => waitForState(app.store, ({ sessions }) => sessions.loadError !== null));
    const alert = within(section()).getByRole('alert');
    expect(alert.tagName).toBe('P');
    expect(alert.textContent).toBe('Sessions cannot be read now');
    expect(within(section()).queryByRole('button')).toBeNull();
  });

  it("shows the API's err of a refused sign-out", async () => {
    api.refuse = (request) =>
      request === 'POST /end-others' ? jsonResponse(429, 'Too Many Requests', { err: 'Too many requests' }) : undefined;
    const app = await open();
    fireEvent.click(signOutOthers());
    await app.settled();
    expect(within(section()).getByRole('alert').textContent).toBe('Too many requests');
    expect(items()).toHaveLength(3);
    expect(signOutOthers().disabled).toBe(false);
  });
});
