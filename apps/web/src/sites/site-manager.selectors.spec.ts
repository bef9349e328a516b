import type { RuntimeReport, SiteSummary } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { selectUnreadTotal } from '../app/navbar.selectors';
import { connectionReceived, runtimesReceived } from '../livefeed/livefeed.actions';
import type { RootState } from '../shared/root-state.types';
import { selectSiteManagerTiles, selectSortedSiteTiles } from './site-manager.selectors';
import { sitesLoaded } from './sites.slice';
import { siteSummaryOf } from '../../test/site-summary.fixture';

const site = (hwaddr: string, name: string, overrides: Partial<SiteSummary> = {}): SiteSummary =>
  siteSummaryOf(hwaddr, { name, alarms: {}, ...overrides });
const report = (fire: number[], fault: number[] = []): RuntimeReport => ({
  zones: { fire, fault },
  disabled: { sounders: false },
});
const calm = { fireZones: 0, faultZones: 0 };

const depot = site('0011a2b3c4d5', 'Depot', { unreadCount: 2 });
const annexe = site('0a1b2c3d4e5f', 'Annexe', { offlineSince: '2026-05-01T10:00:00.000Z' });
const office = site('aabbccddeeff', 'Head office', { alarms: { '1': calm, '2': { fireZones: 0, faultZones: 2 } } });
const stores = site('112233445566', '', {
  alarms: { '1': { fireZones: 1, faultZones: 1 }, '2': calm },
  unreadCount: 1,
});
const waiting = site('665544332211', 'New site', { status: 'WAITING', alarms: null });

const loaded = (sites: SiteSummary[]) => rootReducer(undefined, sitesLoaded(sites));
const order = (state: RootState, search = '') => selectSiteManagerTiles(state, search).map((tile) => tile.label);

describe('the Site Manager tiles: live state, order and search', () => {
  const state = loaded([depot, annexe, office, stores, waiting]);

  it('lists sites in fire, then in fault, then offline, then the rest, each group in the order listed', () => {
    expect(order(state)).toEqual(['11:22:33:44:55:66', 'Head office', 'Annexe', 'Depot', 'New site']);
    expect(selectSortedSiteTiles(state).map((tile) => tile.alarmState)).toEqual([
      'fire',
      'fault',
      'offline',
      'normal',
      'normal',
    ]);
  });

  it("tells each tile's zones in fire and in fault over its networks, and a site with none or unknown has none", () => {
    const tiles = Object.fromEntries(selectSortedSiteTiles(state).map((tile) => [tile.hwaddr, tile]));

    expect(tiles[stores.hwaddr]).toMatchObject({
      fireZones: 1,
      faultZones: 1,
      fireText: 'In fire: 1 zone',
      faultText: 'In fault: 1 zone',
    });
    expect(tiles[office.hwaddr]).toMatchObject({ fireText: null, faultText: 'In fault: 2 zones', alarmState: 'fault' });
    expect(tiles[annexe.hwaddr]).toMatchObject({ fireText: null, faultText: null, connectionText: expect.any(String) });
    expect(tiles[waiting.hwaddr]).toMatchObject({ fireZones: 0, faultZones: 0, alarmState: 'normal' });
  });

  it('moves a site first and in fire on a live Runtime, and back to its place when the fire clears', () => {
    const fire = rootReducer(state, runtimesReceived([{ hwaddr: depot.hwaddr, networkId: 1, report: report([2, 3]) }]));
    expect(order(fire)).toEqual(['Depot', '11:22:33:44:55:66', 'Head office', 'Annexe', 'New site']);
    expect(selectSortedSiteTiles(fire)[0]).toMatchObject({ alarmState: 'fire', fireText: 'In fire: 2 zones' });

    const cleared = rootReducer(fire, runtimesReceived([{ hwaddr: depot.hwaddr, networkId: 1, report: report([]) }]));
    expect(order(cleared)).toEqual(order(state));
  });

  it("counts a Runtime's network with the site's other networks", () => {
    const next = rootReducer(state, runtimesReceived([{ hwaddr: office.hwaddr, networkId: 1, report: report([0]) }]));
    expect(selectSortedSiteTiles(next)[0]).toMatchObject({ hwaddr: office.hwaddr, fireZones: 1, faultZones: 2 });
  });

  it('shows no alarms for a panel gone: the server counts none for a panel that is not connected', () => {
    const gone = rootReducer(state, connectionReceived({ hwaddr: stores.hwaddr, connected: false }));
    expect(selectSortedSiteTiles(gone).find((tile) => tile.hwaddr === stores.hwaddr)).toMatchObject({
      fireZones: 0,
      faultZones: 0,
      alarmState: 'normal',
    });
  });

  it('keeps a live Runtime newer than a list fetch sent before it, and takes the fetch for the other networks', () => {
    const sentAt = state.sites.knowledge.clock;
    const fire = rootReducer(state, runtimesReceived([{ hwaddr: depot.hwaddr, networkId: 1, report: report([4]) }]));
    // The list read before the fire, answered after it; network 2 changed meanwhile, with nothing live.
    const stale = rootReducer(
      fire,
      sitesLoaded([{ ...depot, alarms: { '1': calm, '2': { fireZones: 0, faultZones: 1 } } }], sentAt),
    );
    expect(stale.sites.list[0].alarms).toEqual({
      '1': { fireZones: 1, faultZones: 0 },
      '2': { fireZones: 0, faultZones: 1 },
    });

    // A fetch sent after the Runtime is the newest there is.
    const fresh = rootReducer(stale, sitesLoaded([{ ...depot, alarms: { '1': calm } }]));
    expect(fresh.sites.list[0].alarms).toEqual({ '1': calm });
  });

  it('keeps a disconnection newer than a list fetch sent before it', () => {
    const sentAt = state.sites.knowledge.clock;
    const gone = rootReducer(state, connectionReceived({ hwaddr: stores.hwaddr, connected: false }));
    const stale = rootReducer(gone, sitesLoaded([stores], sentAt));
    expect(stale.sites.list[0].alarms).toEqual({});
  });

  it('shows the test mode on its tile while it lasts', () => {
    const testing = loaded([
      site(depot.hwaddr, 'Depot', {
        testMode: {
          startedBy: 'Erin Engineer',
          startedAt: '2026-05-01T09:00:00.000Z',
          until: '2026-05-01T10:00:00.000Z',
          reason: 'Detector tests',
        },
      }),
    ]);
    expect(selectSortedSiteTiles(testing)[0].testModeText).toMatch(/^Test mode until .+, started by Erin Engineer$/);
    expect(selectSortedSiteTiles(state)[0].testModeText).toBeNull();
  });

  it('narrows the tiles to a part of the name, or of the MAC with or without colons, in any case', () => {
    expect(order(state, 'dep')).toEqual(['Depot']);
    expect(order(state, '  HEAD ')).toEqual(['Head office']);
    expect(order(state, 'AA:BB:CC')).toEqual(['Head office']);
    expect(order(state, 'aabbcc')).toEqual(['Head office']);
    expect(order(state, '0A1B2C3D4E5F')).toEqual(['Annexe']);
    // A site without a name is shown, and found, by its colon MAC.
    expect(order(state, '11:22:33')).toEqual(['11:22:33:44:55:66']);
    expect(order(state, 'nothing like it')).toEqual([]);
    expect(order(state, '')).toEqual(order(state));
  });

  it('gives the same tiles again while nothing they show changed, so that the page does not re-render', () => {
    expect(selectSiteManagerTiles(state, 'de')).toBe(selectSiteManagerTiles(state, 'de'));
    const unrelated = rootReducer(state, { type: 'something/else' });
    expect(selectSortedSiteTiles(unrelated)).toBe(selectSortedSiteTiles(state));
  });

  it('leaves the navbar badge as the spec has it: the unread counts of every site, whatever their alarms', () => {
    const fire = rootReducer(state, runtimesReceived([{ hwaddr: depot.hwaddr, networkId: 1, report: report([2]) }]));
    expect(selectUnreadTotal(fire)).toBe(3);
  });
});
