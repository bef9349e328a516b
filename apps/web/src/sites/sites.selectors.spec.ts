import type { SiteSummary } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { sessionCleared } from '../shared/session-cleared.action';
import { selectUnreadTotal } from '../app/navbar.selectors';
import { selectSiteTiles } from './sites.selectors';
import { siteEventsSeen, sitesLoaded } from './sites.slice';
import { siteSummaryOf } from '../../test/site-summary.fixture';

const site = (overrides: Partial<SiteSummary>): SiteSummary =>
  siteSummaryOf('0011aabbccdd', { name: '', alarms: {}, ...overrides });

describe('sites state and selectors', () => {
  const state = rootReducer(
    undefined,
    sitesLoaded([
      site({ name: 'Depot', unreadCount: 5, perPanelCount: { '1': 2, '2': 1 } }),
      site({ hwaddr: 'aabbccddeeff', status: 'WAITING', panelType: 'MULTILOOP', unreadCount: 1 }),
      site({ hwaddr: '112233445566', status: 'NOPE', adminKey: '9999', panelType: 'OTHER' as never }),
    ]),
  );

  it('labels tiles by name or colon MAC, with the status text and the link by status', () => {
    expect(
      selectSiteTiles(state).map(({ label, statusText, link, panelType }) => ({ label, statusText, link, panelType })),
    ).toEqual([
      { label: 'Depot', statusText: 'Authorised', link: '/site/0011aabbccdd/events', panelType: 'SMARTLOOP_MK2' },
      {
        label: 'AA:BB:CC:DD:EE:FF',
        statusText:
          'Enable panel connection from Network > Cloud or trigger an event on the panel to verify this connection',
        link: '/site/reauth/aabbccddeeff',
        panelType: 'MULTILOOP',
      },
      {
        label: '11:22:33:44:55:66',
        statusText: 'Unauthorised: Click to re-enter key. 9999',
        link: '/site/reauth/112233445566',
        panelType: 'UNKNOWN',
      },
    ]);
  });

  it('totals the unread badges, and marking events seen takes off their per-panel counts', () => {
    expect(selectUnreadTotal(state)).toBe(6);

    const seen = rootReducer(state, siteEventsSeen({ hwaddr: '0011aabbccdd', at: '2026-01-01T00:00:00.000Z' }));

    expect(selectUnreadTotal(seen)).toBe(3);
    expect(seen.sites.list[0]).toMatchObject({
      unreadCount: 2,
      perPanelCount: { '1': 0, '2': 0 },
      lastEventSeen: '2026-01-01T00:00:00.000Z',
    });
  });

  it('forgets every site when the session ends', () => {
    expect(rootReducer(state, sessionCleared({ notice: null })).sites.list).toEqual([]);
  });
});
