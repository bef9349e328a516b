import { call, delay } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';

/** How long a domain's saga that stopped on an error waits before it starts again. */
export const SAGA_RESTART_DELAY_MS = 1_000;

/**
 * Runs a domain's saga, and starts it again after an error it did not catch: under the root's one
 * `all`, such an error would otherwise end every domain's saga at once (the live feed, the alarms,
 * Logout among them), leaving a page that looks alive and does nothing. The wait keeps a saga that
 * fails as it starts from spinning.
 */
export function* supervised(
  name: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever each effect resumes it with
  start: () => Generator<unknown, unknown, any>,
  restartDelayMs = SAGA_RESTART_DELAY_MS,
) {
  for (;;) {
    try {
      yield* call(start);
      return;
    } catch (error) {
      console.error(`The ${name} saga stopped on an error and starts again: ${errorMessage(error)}`);
      yield* delay(restartDelayMs);
    }
  }
}
