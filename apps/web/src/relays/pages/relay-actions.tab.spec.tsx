import { act, screen } from '@testing-library/react';
import type { RelayDto, SiteSummary } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, signIn } from '../../../test/render-app.util';
import { siteSummaryOf } from '../../../test/site-summary.fixture';

const named = '0011aabbcc41';
const unnamed = '6626a250d339';
const actionSite = '0011aabbcc43';
const settings = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
const relay: RelayDto = {
  id: 8,
  host: 'relay.example.com',
  name: 'Strobe',
  port: 17123,
  actions: [{ id: 4, hwaddr: actionSite, on_fire: settings, on_fault: settings }],
};
const site = (hwaddr: string, name: string): SiteSummary => siteSummaryOf(hwaddr, { name, adminKey: '', alarms: {} });

describe('relay actions screen: sites named as their tiles name them (spec 2.4, 2.9)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  async function openRelay(actionSiteName: string) {
    const rendered = await renderApp('/relay/8', (path) => {
      if (path === '/api/relays') return jsonResponse(200, 'OK', [relay]);
      if (path === '/api/relays/8/runs') return jsonResponse(200, 'OK', []);
      if (path === '/api/v2/claims/auth')
        return jsonResponse(200, 'OK', { token: claimsTokenFor([named, unnamed, actionSite]) });
      if (path === '/api/v2/sites')
        return jsonResponse(200, 'OK', [site(named, 'Warehouse'), site(unnamed, ''), site(actionSite, actionSiteName)]);
      return undefined;
    });
    await act(() => waitForState(rendered.store, (state) => state.relays.sites !== null));
    return rendered;
  }

  it('lists a site without a nickname by its colon-separated upper-case MAC', async () => {
    await openRelay('Depot');

    const select = screen.getByLabelText('Setup actions for site') as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      [named, 'Warehouse'],
      [unnamed, '66:26:A2:50:D3:39'],
    ]);
  });

  it("heads a named site's action card with its name and its MAC", async () => {
    await openRelay('Depot');
    expect(document.querySelector('.relay-action .card-header')?.textContent).toBe('Depot: 00:11:AA:BB:CC:43');
  });

  it("heads an unnamed site's action card with its MAC once", async () => {
    await openRelay('');
    expect(document.querySelector('.relay-action .card-header')?.textContent).toBe('00:11:AA:BB:CC:43');
  });
});
