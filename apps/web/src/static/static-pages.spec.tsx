import { act, screen, within } from '@testing-library/react';
import { jsonResponse } from '../../test/fetch-mock.util';
import { waitForState } from '../../test/store-wait.util';
import { TEST_CLIENT_CONFIG, TEST_ISSUER, renderApp, signIn } from '../../test/render-app.util';
import { workingStatus } from '../system/portal-status.fixtures';
import { PORTAL_STATUS_PATH } from '../system/system.constants';

describe('help, privacy and the footer', () => {
  let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;

  beforeEach(() => window.localStorage.clear());

  it('shows the configured support phone, e-mail and postal address, never braces, and no status box when signed out', async () => {
    rendered = await renderApp('/help');

    expect(screen.getByRole('link', { name: TEST_CLIENT_CONFIG.supportPhone }).getAttribute('href')).toBe(
      'tel:+442079460000',
    );
    expect(screen.getByRole('link', { name: TEST_CLIENT_CONFIG.supportEmail }).getAttribute('href')).toBe(
      `mailto:${TEST_CLIENT_CONFIG.supportEmail}`,
    );
    expect(screen.getByText(TEST_CLIENT_CONFIG.supportAddress)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[{}]/);
    expect(screen.queryByRole('region', { name: 'System status' })).toBeNull();
    expect(rendered.fetchMock.mock.calls.map(([path]) => String(path))).not.toContain(PORTAL_STATUS_PATH);
  });

  it("shows a signed-in user the portal's status, asked with their session", async () => {
    signIn();
    rendered = await renderApp('/help', (path) =>
      path === PORTAL_STATUS_PATH ? jsonResponse(200, 'OK', workingStatus) : undefined,
    );

    const box = screen.getByRole('region', { name: 'System status' });
    expect(await within(box).findByText('The portal is working normally.')).toBeTruthy();
    const [, init] = rendered.fetchMock.mock.calls.find(([path]) => String(path) === PORTAL_STATUS_PATH) ?? [];
    expect(init?.headers).toMatchObject({ Authorization: `Bearer ${rendered.store.getState().auth.session}` });
  });

  it('says the contact could not be loaded when the configuration has none', async () => {
    rendered = await renderApp('/help', (path) =>
      path === '/api/config' ? jsonResponse(200, 'OK', { issuer: TEST_ISSUER }) : undefined,
    );

    expect(screen.getByText('The support contact could not be loaded; please try again later.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[{}]/);
  });

  it('names the provider in the footer copyright, not the product', async () => {
    signIn();
    rendered = await renderApp('/help');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} ${TEST_CLIENT_CONFIG.providerName}`)).toBeTruthy();
  });

  it('has a real privacy policy: what and why, retention, rights, contact, under-13s, April 2023', async () => {
    rendered = await renderApp('/privacy');
    const app = rendered;
    await act(() => waitForState(app.store, (state) => state.auth.clientConfig !== null));

    expect(screen.getByText('Last updated April 2023')).toBeTruthy();
    for (const heading of ['What we collect and why', 'How long we keep it', 'Your rights', 'Children', 'Contact']) {
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    }
    expect(screen.getByText(/not intended for children under 13 years of age/)).toBeTruthy();
    expect(screen.getByRole('link', { name: TEST_CLIENT_CONFIG.supportEmail })).toBeTruthy();
    expect(screen.getByText(`Post: ${TEST_CLIENT_CONFIG.supportAddress}`)).toBeTruthy();
    expect(document.body.textContent).toContain(TEST_CLIENT_CONFIG.providerName);
  });
});
