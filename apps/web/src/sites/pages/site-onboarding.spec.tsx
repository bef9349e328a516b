import { act, screen } from '@testing-library/react';
import type { SiteSummary } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { claimsTokenFor, renderApp, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { siteSummaryOf } from '../../../test/site-summary.fixture';

const hwaddr = '00a0b1c2d3e4';
const site = (status: string) => siteSummaryOf(hwaddr, { status, panelType: 'UNKNOWN', emailEvents: true });

/** What a new installer is told: where to start, and why a waiting site waits. */
describe('site onboarding', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  const withSites = (sites: SiteSummary[]) => (path: string) => {
    if (path === '/api/v2/claims/auth') return jsonResponse(200, 'OK', { token: claimsTokenFor([hwaddr]) });
    if (path === '/api/v2/sites') return jsonResponse(200, 'OK', sites);
    if (path === '/api/relays') return jsonResponse(200, 'OK', []);
    return undefined;
  };

  it('tells a user without sites where to start, and leads to Add Site', async () => {
    await renderApp('/', withSites([]));
    const hint = await screen.findByRole('region', { name: 'Getting started' });
    expect(hint.textContent).toContain('Start by adding your first site');
    expect(hint.textContent).toContain('Network Setup > Cloud');
    expect(screen.getByRole('link', { name: 'Add your first site' }).getAttribute('href')).toBe('/site/add');
  });

  it('says nothing of a first site to a user who has one', async () => {
    await renderApp('/', withSites([site('AUTHED')]));
    await screen.findByText('Depot');
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
  });

  it("explains on Update Key that a waiting site's panel has not connected yet, and how to make it", async () => {
    await renderApp(`/site/reauth/${hwaddr}`, withSites([site('WAITING')]));
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('The panel has not connected to the portal yet');
    expect(note.textContent).toContain('Network > Cloud');
    expect(screen.getByTestId('claim-form-missing').textContent).toBe(
      'Still needed: the admin password needs 4 digits (0 typed).',
    );
  });

  it('says nothing of waiting for a site whose key was refused', async () => {
    const app = await renderApp(`/site/reauth/${hwaddr}`, withSites([site('UNAUTHORISED')]));
    await act(() => waitForState(app.store, (state) => state.sites.loaded));
    await screen.findByRole('button', { name: 'Update' });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
