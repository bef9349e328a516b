import { cancel, fork, select, take } from 'typed-redux-saga';
import { selectIsSignedIn } from '../auth/auth.selectors';
import { sessionArrived } from '../auth/session-arrived.matcher';
import { sessionCleared } from '../shared/session-cleared.action';
import { liveToastsSaga } from './live-toasts.sagas';
import { livefeedSaga } from './livefeed.sagas';
import type { LivefeedSites } from './livefeed-sites.types';

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
