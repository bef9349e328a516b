import type { NotificationDto, SiteDetail, SiteSummary } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import type { RootState } from '../shared/root-state.types';
import { connectionReceived, notificationEventReceived } from '../livefeed/livefeed.actions';
import { selectSiteConnectionText, selectSiteTiles } from './sites.selectors';
import { siteDetailLoaded, sitesLoaded } from './sites.slice';

const hwaddr = '0011aabbccdd';
const summary: SiteSummary = {
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
  alarms: {},
};
const detail: SiteDetail = { ...summary, connected: true, cloudControl: true, networks: [] };

function offlineNotification(restoredAt: string | null): NotificationDto {
  return {
    id: 3,
    hwaddr,
    created_at: '2026-05-01T10:01:30.000Z',
    notification_type: 'PANEL_OFFLINE',
    notification_data: {
      lost_at: '2026-05-01T10:00:00.000Z',
      restored_at: restoredAt,
      losses: 1,
      first_lost_at: '2026-05-01T10:00:00.000Z',
    } as unknown as NotificationDto['notification_data'],
    title: 'Panel communication lost',
    text: '',
    resolved_by: restoredAt ? 'System' : null,
    resolved_on: restoredAt,
  };
}

const offline = (state: RootState) => ({
  tile: selectSiteTiles(state)[0].connectionText,
  screen: selectSiteConnectionText(state, hwaddr),
});

describe("a site's 'Offline since'", () => {
  it('comes from the site list and the site data', () => {
    const state = rootReducer(
      rootReducer(undefined, sitesLoaded([{ ...summary, offlineSince: '2026-05-01T10:00:00.000Z' }])),
      siteDetailLoaded({ ...detail, offlineSince: '2026-05-01T10:00:00.000Z' }),
    );
    expect(offline(state)).toEqual({
      tile: 'Offline since 01/05/2026 10:00:00 UTC',
      screen: 'Offline since 01/05/2026 10:00:00 UTC',
    });
  });

  it('follows the live feed: set by a reported loss, gone when the panel connects or the loss is restored', () => {
    let state = rootReducer(rootReducer(undefined, sitesLoaded([summary])), siteDetailLoaded(detail));
    expect(offline(state)).toEqual({ tile: null, screen: null });

    state = rootReducer(
      state,
      notificationEventReceived({ hwaddr, notification: offlineNotification(null), unreadCount: 1 }),
    );
    expect(offline(state)).toEqual({
      tile: 'Offline since 01/05/2026 10:00:00 UTC',
      screen: 'Offline since 01/05/2026 10:00:00 UTC',
    });
    expect(state.sites.details[hwaddr].offlineSince).toBe('2026-05-01T10:00:00.000Z');

    const back = rootReducer(state, connectionReceived({ hwaddr, connected: true }));
    expect(offline(back)).toEqual({ tile: null, screen: null });

    const restored = rootReducer(
      state,
      notificationEventReceived({
        hwaddr,
        notification: offlineNotification('2026-05-01T10:05:00.000Z'),
        unreadCount: 1,
      }),
    );
    expect(offline(restored)).toEqual({ tile: null, screen: null });
  });

  it('is not put back by a list fetched before the panel came back', () => {
    const loaded = rootReducer(undefined, sitesLoaded([summary]));
    const sentAt = loaded.sites.knowledge.clock;
    const reported = rootReducer(
      loaded,
      notificationEventReceived({ hwaddr, notification: offlineNotification(null), unreadCount: 1 }),
    );
    const back = rootReducer(reported, connectionReceived({ hwaddr, connected: true }));
    // The list asked for before the panel came back answers with the loss still open.
    const stale = rootReducer(back, sitesLoaded([{ ...summary, offlineSince: '2026-05-01T10:00:00.000Z' }], sentAt));
    expect(offline(stale)).toEqual({ tile: null, screen: null });
  });

  it("says the connection is lost the moment the feed tells so, until 'Offline since' follows; gone when back", () => {
    let state = rootReducer(rootReducer(undefined, sitesLoaded([summary])), siteDetailLoaded(detail));
    state = rootReducer(state, connectionReceived({ hwaddr, connected: false, at: '2026-05-01T10:00:00.000Z' }));
    expect(offline(state)).toEqual({
      tile: 'Connection lost since 01/05/2026 10:00:00 UTC',
      screen: 'Connection lost since 01/05/2026 10:00:00 UTC',
    });

    const reported = rootReducer(
      state,
      notificationEventReceived({ hwaddr, notification: offlineNotification(null), unreadCount: 1 }),
    );
    expect(offline(reported)).toEqual({
      tile: 'Offline since 01/05/2026 10:00:00 UTC',
      screen: 'Offline since 01/05/2026 10:00:00 UTC',
    });

    const back = rootReducer(state, connectionReceived({ hwaddr, connected: true, at: '2026-05-01T10:00:40.000Z' }));
    expect(offline(back)).toEqual({ tile: null, screen: null });
  });

  it('says the connection is lost from the site list, as the server read it', () => {
    const state = rootReducer(
      undefined,
      sitesLoaded([{ ...summary, connectionLostSince: '2026-05-01T10:00:00.000Z' }]),
    );
    expect(offline(state)).toEqual({
      tile: 'Connection lost since 01/05/2026 10:00:00 UTC',
      screen: 'Connection lost since 01/05/2026 10:00:00 UTC',
    });
  });
});
