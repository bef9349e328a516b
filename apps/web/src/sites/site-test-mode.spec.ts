import type { SiteDetail, SiteSummary, SiteTestMode } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { testModeReceived } from '../livefeed/livefeed.actions';
import { selectSiteTestMode } from './sites.selectors';
import { siteDetailLoaded, sitesLoaded } from './sites.slice';

const hwaddr = '0011aabbccdd';
const summary = {
  hwaddr,
  name: 'Depot',
  status: 'AUTHED',
  adminKey: '',
  panelType: 'SMARTLOOP_MK2',
  emailEvents: true,
  lastEventSeen: null,
  unreadCount: 0,
  perPanelCount: {},
  offlineSince: null,
  testMode: null,
} as SiteSummary;
const detail = { ...summary, connected: true, cloudControl: true, networks: [] } as SiteDetail;
const testMode: SiteTestMode = {
  startedBy: 'Ann Smith',
  startedAt: '2026-05-01T10:00:00.000Z',
  until: '2026-05-01T12:00:00.000Z',
  reason: 'Detector tests',
};

describe("a site's test mode in the client", () => {
  it('comes from the site list and the site data', () => {
    const state = rootReducer(
      rootReducer(undefined, sitesLoaded([{ ...summary, testMode }])),
      siteDetailLoaded({ ...detail, testMode }),
    );
    expect(selectSiteTestMode(state, hwaddr)).toEqual(testMode);
    expect(state.sites.list[0].testMode).toEqual(testMode);
  });

  it('follows the live feed on the tile and the site screen: started, then ended', () => {
    let state = rootReducer(rootReducer(undefined, sitesLoaded([summary])), siteDetailLoaded(detail));
    expect(selectSiteTestMode(state, hwaddr)).toBeNull();

    state = rootReducer(state, testModeReceived({ hwaddr, testMode }));
    expect(selectSiteTestMode(state, hwaddr)).toEqual(testMode);
    expect(state.sites.list[0].testMode).toEqual(testMode);
    expect(state.sites.details[hwaddr].testMode).toEqual(testMode);

    state = rootReducer(state, testModeReceived({ hwaddr, testMode: null }));
    expect(selectSiteTestMode(state, hwaddr)).toBeNull();
    expect(state.sites.list[0].testMode).toBeNull();
    expect(state.sites.details[hwaddr].testMode).toBeNull();
  });

  it('keeps what the feed told after a fetch was sent when its older answer arrives', () => {
    let state = rootReducer(undefined, sitesLoaded([summary]));
    const sentAt = state.sites.knowledge.clock;
    state = rootReducer(state, testModeReceived({ hwaddr, testMode }));
    // Both answers were read before the test mode started.
    state = rootReducer(state, sitesLoaded([summary], sentAt));
    state = rootReducer(state, siteDetailLoaded(detail, sentAt));
    expect(state.sites.list[0].testMode).toEqual(testMode);
    expect(state.sites.details[hwaddr].testMode).toEqual(testMode);
    // A fetch sent after it is the newest there is: it ended since.
    state = rootReducer(state, sitesLoaded([summary]));
    expect(selectSiteTestMode(state, hwaddr)).toBeNull();
  });
});
