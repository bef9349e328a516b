import { all, call, put, select, takeEvery } from 'typed-redux-saga';
import type { RootState } from '../shared/root-state.types';
import { eventsClosed, eventsOpened } from '../events/events.slice';
import { feedAuthChecked, feedReconnected, liveGapsFound, siteResyncRequested } from '../livefeed/livefeed.actions';
import { recheckOpenPanels } from '../auth/panel-access.sagas';
import { requireClaimsToken } from '../auth/token.sagas';
import { markEventsSeen } from './sites.api';
import { selectSiteUnreadEvents } from './sites.selectors';
import { siteDetailRequested, siteEventsSeen, sitesLoadRequested } from './sites.slice';

/** The events tab opened or closed: the server marks them seen, the tiles drop their unread events at once. */
export function* markSiteEventsSeen(hwaddr: string) {
  try {
    yield* call(markEventsSeen, yield* call(requireClaimsToken), hwaddr);
    yield* put(siteEventsSeen({ hwaddr, at: new Date().toISOString() }));
  } catch {
    // Unread counts stay as they were; the next reload of the sites tells the truth.
  }
}

function* reloadAfterReconnect() {
  yield* put(sitesLoadRequested());
  const loaded = yield* select((state: RootState) => Object.keys(state.sites.details));
  for (const hwaddr of loaded) yield* put(siteDetailRequested(hwaddr));
}

/** The list (its badges) and each of the sites' loaded screens, asked again: they may lack what the feed lost. */
function* refetchSites(hwaddrs: string[]) {
  yield* put(sitesLoadRequested());
  const loaded = yield* select((state: RootState) => state.sites.details);
  for (const hwaddr of new Set(hwaddrs)) if (hwaddr in loaded) yield* put(siteDetailRequested(hwaddr));
}

function* resyncSite(action: ReturnType<typeof siteResyncRequested>) {
  yield* call(refetchSites, [action.payload.hwaddr]);
}

function* refetchAfterGaps(action: ReturnType<typeof liveGapsFound>) {
  yield* call(refetchSites, action.payload.hwaddrs);
}

/**
 * What other domains' actions mean for sites: opening a site's events marks them seen (closing them
 * too, when events arrived meanwhile), the live feed's auth check and reconnect ask for the list
 * again (a reconnect also for every site screen loaded; an auth check also sends the user home from
 * the screen of a site they lost), a resync or a gap in the feed for the list and that site's
 * screen. (A resolved notification reloads the list from the notifications domain.)
 */
export function* sitesReactionsSaga() {
  yield* all([
    takeEvery(eventsOpened.type, function* seen(action: ReturnType<typeof eventsOpened>) {
      yield* call(markSiteEventsSeen, action.payload.hwaddr);
    }),
    // Events that arrived live while the tab was open were on screen: seen, once, when it closes
    // (one request per visit, none per burst).
    takeEvery(eventsClosed.type, function* closed(action: ReturnType<typeof eventsClosed>) {
      if ((yield* select(selectSiteUnreadEvents, action.payload.hwaddr)) > 0)
        yield* call(markSiteEventsSeen, action.payload.hwaddr);
    }),
    // The claims were fetched again: a site lost leaves the list, and its open screen sends home.
    takeEvery(feedAuthChecked.type, function* authChecked() {
      yield* put(sitesLoadRequested());
      yield* call(recheckOpenPanels);
    }),
    takeEvery(feedReconnected.type, reloadAfterReconnect),
    takeEvery(siteResyncRequested.type, resyncSite),
    takeEvery(liveGapsFound.type, refetchAfterGaps),
  ]);
}
