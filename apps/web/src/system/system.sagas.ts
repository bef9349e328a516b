import { call, cancel, cancelled, delay, fork, put, take } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { fetchHealthReport } from './system-health.api';
import { HEALTH_REFRESH_MS } from './system.constants';
import {
  healthCheckFailed,
  healthCheckRequested,
  healthCheckSucceeded,
  healthPollingStarted,
  healthPollingStopped,
} from './system.slice';

/** Asks portal-api for its health once and stores the answer or the reason there is none. */
export function* refreshHealth() {
  const abort = new AbortController();
  try {
    yield* put(healthCheckRequested());
    const report = yield* call(fetchHealthReport, abort.signal);
    yield* put(healthCheckSucceeded(report));
  } catch (error) {
    yield* put(healthCheckFailed(errorMessage(error)));
  } finally {
    if (yield* cancelled()) abort.abort();
  }
}

export function* pollHealth() {
  while (true) {
    yield* call(refreshHealth);
    yield* delay(HEALTH_REFRESH_MS);
  }
}

/** Polls from each start to the next stop; a stop cancels a request in flight. */
export function* systemSaga() {
  while (true) {
    yield* take(healthPollingStarted.type);
    const polling = yield* fork(pollHealth);
    yield* take(healthPollingStopped.type);
    yield* cancel(polling);
  }
}
