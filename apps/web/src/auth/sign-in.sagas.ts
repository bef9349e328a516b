import { call, put } from 'typed-redux-saga';
import { storeSession } from './auth-storage.util';
import { authFormSucceeded, tokenSet, type AuthFormId } from './auth.slice';

/**
 * Every sign-in ends here with its session token: stored, then set, which starts the claims, the
 * expiry timer and the move off the sign-in page. The login's second step ends here too.
 */
export function* signedIn(form: AuthFormId, token: string) {
  yield* call(storeSession, token);
  yield* put(tokenSet({ slot: 'session', token }));
  yield* put(authFormSucceeded(form));
}
