import { cancel, fork, select, take } from 'typed-redux-saga';
import { selectIsSignedIn } from '../auth/auth.selectors';
import { authReady, tokenSet } from '../auth/auth.slice';
import { sessionCleared } from '../shared/session-cleared.action';
import { liveToastsSaga } from './live-toasts.sagas';
import { livefeedSaga } from './livefeed.sagas';
import type { LivefeedSites } from './livefeed-sites.types';

const sessionArrived = (action: { type: string; payload?: unknown }) =>
  (authReady.match(action) && action.payload.session !== null) ||
  (tokenSet.match(action) && action.payload.slot === 'session');

/** The live feed runs from each sign-in (or restored session) to the end of that session. */
export function* signedInSaga(sites: LivefeedSites) {
  while (true) {
    if (!(yield* select(selectIsSignedIn))) yield* take(sessionArrived);
    const feed = yield* fork(livefeedSaga, sites);
    const toasts = yield* fork(liveToastsSaga, sites);
    yield* take(sessionCleared.type);
    yield* cancel([feed, toasts]);
  }
}
