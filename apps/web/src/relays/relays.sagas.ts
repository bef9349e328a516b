import { call, put, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../app/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireSessionToken } from '../auth/token.sagas';
import { fetchRelays } from './relays.api';
import { relaysLoaded, relaysLoadFailed, relaysLoadRequested } from './relays.slice';

export function* loadRelays() {
  try {
    yield* put(relaysLoaded(yield* call(fetchRelays, yield* call(requireSessionToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(relaysLoadFailed(errorMessage(error)));
  }
}

export function* relaysSaga() {
  yield* takeLatest(relaysLoadRequested.type, loadRelays);
}
