import { TWO_FACTOR_MESSAGES } from '@app/contracts';
import { call, put, select, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { verifySecondFactor } from './auth.api';
import { selectSecondFactorStep } from './auth.selectors';
import { secondFactorEnded, secondFactorFailed, secondFactorRequested } from './auth.slice';
import { signedIn } from './sign-in.sagas';

/** The code of the login's second step: its token signs in as a login's does; a refusal keeps the step. */
function* verify(action: ReturnType<typeof secondFactorRequested>) {
  const step = yield* select(selectSecondFactorStep);
  if (!step) return;
  try {
    const token = yield* call(verifySecondFactor, { challenge: step.challenge, code: action.payload.code });
    yield* call(signedIn, 'login' as const, token);
  } catch (error) {
    const message = errorMessage(error);
    // An expired challenge cannot be retried: the password has to be given again.
    if (message === TWO_FACTOR_MESSAGES.challengeExpired) yield* put(secondFactorEnded(message));
    else yield* put(secondFactorFailed(message));
  }
}

export function* secondFactorSaga() {
  yield* takeLatest(secondFactorRequested.type, verify);
}
