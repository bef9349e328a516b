import { API_TOKEN_ISSUER, MESSAGES, claimsAllowPanel } from '@app/contracts';
import { call, put, select, takeEvery } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { toastRequested } from '../toasts/toasts.slice';
import { selectIssuer } from './auth.selectors';
import { panelAccessChecked, panelAccessRequested } from './auth.slice';
import { SessionExpiredError } from './session-expired.error';
import { requireClaimsToken } from './token.sagas';

/**
 * Panel access (spec 4, 5): the claims token must list the panel. A token that does not is
 * reloaded first (the key may have been accepted since); still unlisted, the user is warned and
 * the screen sends them home.
 */
export function* checkPanelAccess(action: ReturnType<typeof panelAccessRequested>) {
  const hwaddr = action.payload;
  try {
    const issuer = (yield* select(selectIssuer)) ?? API_TOKEN_ISSUER;
    let claims = yield* call(requireClaimsToken);
    if (!claimsAllowPanel(claims, hwaddr, new Date(), issuer)) claims = yield* call(requireClaimsToken, true);
    if (claimsAllowPanel(claims, hwaddr, new Date(), issuer)) {
      yield* put(panelAccessChecked({ hwaddr, access: { state: 'allowed' } }));
      return;
    }
    yield* put(toastRequested({ kind: 'warning', text: MESSAGES.noPanelAccess }));
    yield* put(panelAccessChecked({ hwaddr, access: { state: 'denied' } }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) {
      yield* put(panelAccessChecked({ hwaddr, access: { state: 'failed', error: errorMessage(error) } }));
    }
  }
}

/** One check per panel at a time: a screen mounted twice asks twice, the user is warned once. */
export function* panelAccessSaga() {
  const running = new Set<string>();
  yield* takeEvery(panelAccessRequested.type, function* checkOnce(action: ReturnType<typeof panelAccessRequested>) {
    if (running.has(action.payload)) return;
    running.add(action.payload);
    try {
      yield* call(checkPanelAccess, action);
    } finally {
      running.delete(action.payload);
    }
  });
}
