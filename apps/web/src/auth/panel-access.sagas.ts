import { API_TOKEN_ISSUER, MESSAGES, claimsAllowPanel } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { call, put, select, takeEvery } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { toastRequested } from '../toasts/toasts.slice';
import { selectClaimsToken, selectIssuer } from './auth.selectors';
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

const selectOpenVerdicts = (state: RootState) => state.auth.panelAccess;

/**
 * The user's access changed (the live feed's AUTH_CHK, once the claims token was fetched again): a
 * site screen open on a panel the new claims no longer list warns and sends the user home, as
 * opening it would have (spec 4). Nothing is fetched: the claims are the ones just fetched.
 */
export function* recheckOpenPanels() {
  const issuer = (yield* select(selectIssuer)) ?? API_TOKEN_ISSUER;
  const claims = yield* select(selectClaimsToken);
  const verdicts = yield* select(selectOpenVerdicts);
  for (const [hwaddr, verdict] of Object.entries(verdicts)) {
    if (verdict.state !== 'allowed' || claimsAllowPanel(claims, hwaddr, new Date(), issuer)) continue;
    yield* put(toastRequested({ kind: 'warning', text: MESSAGES.noPanelAccess }));
    yield* put(panelAccessChecked({ hwaddr, access: { state: 'denied' } }));
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
