import { act, fireEvent, screen, within } from '@testing-library/react';
import { NO_CONTROL_RIGHT, type RelayDto, type SiteSummary } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { waitForState } from '../../../test/store-wait.util';
import { claimsTokenFor, renderApp, signIn } from '../../../test/render-app.util';
import { siteSummaryOf } from '../../../test/site-summary.fixture';
import { HOLDER_ACCESS_OF_KEY, VIEWER_BY_INVITATION } from '../../site-access/fake-site-access-api.fixtures';

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

describe("relay actions screen: a site's actions by the user's role on it (docs/access.md, 'Teams')", () => {
  beforeEach(() => {
    window.localStorage.clear();
    signIn();
  });

  /** The relay acts for `actionSite`, watched only; `named` is held by the panel key, `unnamed` watched only. */
  async function openRelay() {
    const rendered = await renderApp('/relay/8', (path) => {
      if (path === '/api/relays') return jsonResponse(200, 'OK', [relay]);
      if (path === '/api/relays/8/runs') return jsonResponse(200, 'OK', []);
      if (path === '/api/v2/claims/auth')
        return jsonResponse(200, 'OK', { token: claimsTokenFor([named, unnamed, actionSite]) });
      if (path === '/api/v2/sites')
        return jsonResponse(200, 'OK', [
          { ...site(named, 'Warehouse'), access: HOLDER_ACCESS_OF_KEY },
          { ...site(unnamed, 'Annexe'), access: VIEWER_BY_INVITATION },
          { ...site(actionSite, 'Depot'), access: VIEWER_BY_INVITATION },
        ]);
      return undefined;
    });
    await act(() => waitForState(rendered.store, (state) => state.relays.sites !== null));
    return rendered;
  }

  const addAction = () => screen.getByRole('button', { name: 'Add Action' }) as HTMLButtonElement;

  it('shows the action of a site the user only watches disabled, with why, and leaves Delete to them', async () => {
    await openRelay();
    const card = document.querySelector('.relay-action') as HTMLElement;
    expect(
      within(card)
        .getAllByRole('note')
        .map((note) => note.textContent),
    ).toEqual([NO_CONTROL_RIGHT]);
    const inputs = [...card.querySelectorAll('input')];
    expect(inputs.length).toBeGreaterThan(0);
    // The fields' fieldsets are disabled, each titled with why.
    expect(inputs.every((input) => input.matches(':disabled'))).toBe(true);
    expect([...card.querySelectorAll('fieldset')].every((set) => set.title === NO_CONTROL_RIGHT)).toBe(true);
    for (const each of [
      within(card).getByRole('button', { name: 'Save' }),
      within(card).getByRole('button', { name: 'Test action on fire' }),
      within(card).getByRole('button', { name: 'Test action on fault' }),
    ] as HTMLButtonElement[])
      expect([each.disabled, each.title]).toEqual([true, NO_CONTROL_RIGHT]);
    expect((within(card).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets an action be added for a site the user controls only', async () => {
    await openRelay();
    const select = screen.getByLabelText('Setup actions for site') as HTMLSelectElement;
    expect(select.value).toBe(named);
    expect([addAction().disabled, addAction().title]).toEqual([false, '']);

    fireEvent.change(select, { target: { value: unnamed } });
    expect([addAction().disabled, addAction().title]).toEqual([true, NO_CONTROL_RIGHT]);
    const form = select.closest('.mb-4') as HTMLElement;
    expect(
      within(form)
        .getAllByRole('note')
        .map((note) => note.textContent),
    ).toEqual([NO_CONTROL_RIGHT]);
  });
});
