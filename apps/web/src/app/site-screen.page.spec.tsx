import { act, screen } from '@testing-library/react';
import { SITE_NICKNAME_MAX_LENGTH } from '@app/contracts';
import { jsonResponse } from '../../test/fetch-mock.util';
import { waitForState } from '../../test/store-wait.util';
import { claimsTokenFor, renderApp, signIn } from '../../test/render-app.util';

const hwaddr = '6626a250d339';
const mac = '66:26:A2:50:D3:39';
const site = (name: string) => ({
  hwaddr,
  name,
  status: 'AUTHED',
  adminKey: '',
  unreadCount: 0,
  perPanelCount: {},
  emailEvents: false,
  lastEventSeen: null,
  panelType: 'SMARTLOOP_MK2',
});

describe('site screen header and Site Configuration of a site with or without a nickname', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function openSite(name: string) {
    const app = await renderApp(`/site/${hwaddr}/about`, (path) => {
      if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
      if (path === '/api/v2/sites') return jsonResponse(200, 'OK', [site(name)]);
      return undefined;
    });
    await act(() => waitForState(app.store, (state) => state.sites.loaded));
    await screen.findByLabelText('Nickname');
    return app;
  }

  const header = () => document.querySelector('header.page-header') as HTMLElement;

  it('titles an unnamed site by its MAC, with no subtitle repeating it', async () => {
    await openSite('');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(mac);
    expect(header().querySelector('.page-header__subtitle')).toBeNull();
    expect(header().querySelector('.breadcrumb')?.textContent).toBe(`Home${mac}`);
  });

  it('titles a named site by its name, with the MAC below it', async () => {
    await openSite('Depot');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Depot');
    expect(header().querySelector('.page-header__subtitle')?.textContent).toBe(mac);
  });

  it('offers the MAC as the nickname placeholder and takes no more than the API accepts', async () => {
    await openSite('');

    const nickname = screen.getByLabelText('Nickname') as HTMLInputElement;
    expect(nickname.placeholder).toBe(mac);
    expect(nickname.maxLength).toBe(SITE_NICKNAME_MAX_LENGTH);
  });
});
