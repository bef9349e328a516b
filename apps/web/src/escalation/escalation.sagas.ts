import type { Action } from '@reduxjs/toolkit';
import { all, call, cancelled, put, race, take, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { sessionCleared } from '../shared/session-cleared.action';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { fetchSiteEscalation, fetchSitePeople, saveSiteEscalation } from './escalation.api';
import {
  escalationLoaded,
  escalationLoadFailed,
  escalationSaved,
  escalationSaveFailed,
  escalationSaveRequested,
  escalationSectionClosed,
  escalationSectionOpened,
} from './escalation.slice';

function* loadPolicy(hwaddr: string) {
  const request = new AbortController();
  try {
    const claims = yield* call(requireClaimsToken);
    // Side by side: the policy, and the people a step may name.
    const { policy, people } = yield* all({
      policy: call(fetchSiteEscalation, claims, hwaddr, request.signal),
      people: call(fetchSitePeople, claims, hwaddr, request.signal),
    });
    yield* put(escalationLoaded({ hwaddr, policy, people }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(escalationLoadFailed({ hwaddr, error: errorMessage(error) }));
  } finally {
    // Dropped (the section closed, the session ended): the request in flight is not waited for.
    if (yield* cancelled()) request.abort();
  }
}

/** The policy is read as the section opens; its answer is dropped if the section closed (or the session ended) first. */
function* sectionSaga(action: ReturnType<typeof escalationSectionOpened>) {
  const hwaddr = action.payload;
  yield* race({
    load: call(loadPolicy, hwaddr),
    closed: take((closing: Action) => escalationSectionClosed.match(closing) && closing.payload === hwaddr),
    ended: take(sessionCleared.type),
  });
}

function* saveSaga(action: ReturnType<typeof escalationSaveRequested>) {
  const { hwaddr, steps } = action.payload;
  try {
    const policy = yield* call(saveSiteEscalation, yield* call(requireClaimsToken), hwaddr, { steps });
    yield* put(escalationSaved({ hwaddr, policy }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(escalationSaveFailed(errorMessage(error)));
  }
}

export function* escalationSaga() {
  yield* all([
    takeLatest(escalationSectionOpened.type, sectionSaga),
    takeLatest(escalationSaveRequested.type, saveSaga),
  ]);
}
