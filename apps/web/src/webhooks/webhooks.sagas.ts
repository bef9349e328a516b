import type { Action } from '@reduxjs/toolkit';
import { WEBHOOK_MESSAGES } from '@app/contracts';
import { all, call, cancelled, delay, fork, join, put, race, select, take, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { sessionCleared } from '../shared/session-cleared.action';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import {
  fetchSiteWebhook,
  fetchWebhookDeliveries,
  removeSiteWebhook,
  saveSiteWebhook,
  sendWebhookTest,
} from './webhooks.api';
import { WEBHOOK_DELIVERIES_REFRESH_MS } from './webhooks.constants';
import { selectHasOpenDeliveries, selectSiteWebhook } from './webhooks.selectors';
import {
  webhookDeliveriesFailed,
  webhookDeliveriesLoaded,
  webhookDeliveriesRequested,
  webhookFormFailed,
  webhookLoaded,
  webhookLoadFailed,
  webhookNewSecretRequested,
  webhookRemoved,
  webhookRemoveRequested,
  webhookSaved,
  webhookSaveRequested,
  webhookSecretCopied,
  webhookSecretCopyRequested,
  webhookSectionClosed,
  webhookSectionOpened,
  webhookTestQueued,
  webhookTestRequested,
  type WebhookFormId,
} from './webhooks.slice';

function* loadWebhook(hwaddr: string) {
  try {
    const answer = yield* call(fetchSiteWebhook, yield* call(requireClaimsToken), hwaddr);
    yield* put(webhookLoaded({ hwaddr, webhook: answer.webhook }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(webhookLoadFailed({ hwaddr, error: errorMessage(error) }));
  }
}

/**
 * One deliveries request at a time (takeLatest): a newer one aborts the older, whose answer, read
 * before a test was queued or the webhook removed, would put an older list back.
 */
function* loadDeliveries(action: ReturnType<typeof webhookDeliveriesRequested>) {
  const hwaddr = action.payload;
  const abort = new AbortController();
  try {
    const claims = yield* call(requireClaimsToken);
    const deliveries = yield* call(fetchWebhookDeliveries, claims, hwaddr, abort.signal);
    yield* put(webhookDeliveriesLoaded({ hwaddr, deliveries }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(webhookDeliveriesFailed({ hwaddr, error: errorMessage(error) }));
  } finally {
    if (yield* cancelled()) abort.abort();
  }
}

/**
 * While a listed delivery is owed, sending or retrying, the list is asked again every few seconds,
 * one request after the other's answer; with none open it waits, with no timer, for the next list.
 */
function* refreshWhileOwed(hwaddr: string) {
  const listChanged = (action: Action) =>
    (webhookDeliveriesLoaded.match(action) ||
      webhookDeliveriesFailed.match(action) ||
      webhookTestQueued.match(action)) &&
    action.payload.hwaddr === hwaddr;
  while (true) {
    yield* take(listChanged);
    if (!(yield* select(selectHasOpenDeliveries, hwaddr))) continue;
    yield* delay(WEBHOOK_DELIVERIES_REFRESH_MS);
    yield* put(webhookDeliveriesRequested(hwaddr));
  }
}

function* sectionOpen(hwaddr: string) {
  // Listening before the first list is asked for, so that its answer starts the refreshes.
  const refreshing = yield* fork(refreshWhileOwed, hwaddr);
  yield* fork(loadWebhook, hwaddr);
  yield* put(webhookDeliveriesRequested(hwaddr));
  yield* join(refreshing);
}

/** From the section's opening to its closing (or the session's end): loading it, then refreshing its deliveries. */
function* sectionSaga(action: ReturnType<typeof webhookSectionOpened>) {
  const hwaddr = action.payload;
  yield* race({
    open: call(sectionOpen, hwaddr),
    closed: take((closing: Action) => webhookSectionClosed.match(closing) && closing.payload === hwaddr),
    ended: take(sessionCleared.type),
  });
}

function* failForm(form: WebhookFormId, error: unknown) {
  if (!(error instanceof SessionExpiredError)) yield* put(webhookFormFailed({ form, error: errorMessage(error) }));
}

function* saveSaga(action: ReturnType<typeof webhookSaveRequested>) {
  const { hwaddr, url } = action.payload;
  try {
    const webhook = yield* call(saveSiteWebhook, yield* call(requireClaimsToken), hwaddr, { url });
    yield* put(webhookSaved({ hwaddr, webhook, form: 'saveWebhook' }));
  } catch (error) {
    yield* call(failForm, 'saveWebhook' as const, error);
  }
}

function* newSecretSaga(action: ReturnType<typeof webhookNewSecretRequested>) {
  const { hwaddr } = action.payload;
  try {
    const { webhook: saved } = yield* select(selectSiteWebhook, hwaddr);
    if (!saved) throw new Error(WEBHOOK_MESSAGES.none);
    const claims = yield* call(requireClaimsToken);
    const webhook = yield* call(saveSiteWebhook, claims, hwaddr, { url: saved.url, newSecret: true });
    yield* put(webhookSaved({ hwaddr, webhook, form: 'newSecret' }));
  } catch (error) {
    yield* call(failForm, 'newSecret' as const, error);
  }
}

function* removeSaga(action: ReturnType<typeof webhookRemoveRequested>) {
  const { hwaddr } = action.payload;
  try {
    yield* call(removeSiteWebhook, yield* call(requireClaimsToken), hwaddr);
    yield* put(webhookRemoved({ hwaddr }));
    // The deliveries still owed are cancelled by the removal: the list says so.
    yield* put(webhookDeliveriesRequested(hwaddr));
  } catch (error) {
    yield* call(failForm, 'removeWebhook' as const, error);
  }
}

function* testSaga(action: ReturnType<typeof webhookTestRequested>) {
  const { hwaddr } = action.payload;
  try {
    const delivery = yield* call(sendWebhookTest, yield* call(requireClaimsToken), hwaddr);
    yield* put(webhookTestQueued({ hwaddr, delivery }));
    // Drops a request sent before the test was queued, whose list would not have it.
    yield* put(webhookDeliveriesRequested(hwaddr));
  } catch (error) {
    yield* call(failForm, 'sendTest' as const, error);
  }
}

function* copySecretSaga(action: ReturnType<typeof webhookSecretCopyRequested>) {
  try {
    const { webhook } = yield* select(selectSiteWebhook, action.payload.hwaddr);
    if (!webhook) throw new Error(WEBHOOK_MESSAGES.none);
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) throw new Error('This browser cannot copy it: select the secret and copy it by hand.');
    yield* call([clipboard, clipboard.writeText], webhook.secret);
    yield* put(webhookSecretCopied());
  } catch (error) {
    yield* call(failForm, 'copySecret' as const, error);
  }
}

export function* webhooksSaga() {
  yield* all([
    takeLatest(webhookSectionOpened.type, sectionSaga),
    takeLatest(webhookDeliveriesRequested.type, loadDeliveries),
    takeLatest(webhookSaveRequested.type, saveSaga),
    takeLatest(webhookNewSecretRequested.type, newSecretSaga),
    takeLatest(webhookRemoveRequested.type, removeSaga),
    takeLatest(webhookTestRequested.type, testSaga),
    takeLatest(webhookSecretCopyRequested.type, copySecretSaga),
  ]);
}
