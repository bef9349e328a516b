import { PUSH_MESSAGES } from '@app/contracts';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { ApiError } from '../shared/api-client';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireSessionToken } from '../auth/token.sagas';
import { selectSessionToken } from '../auth/auth.selectors';
import { logoutRequested } from '../auth/auth.slice';
import { deviceName } from './device-name.util';
import { fetchPushSettings, registerPushDevice, removePushDevice, sendPushTest } from './push.api';
import type { PushBrowser, BrowserPushSubscription } from './push-browser';
import { forgetPushDevice, readRememberedPushDevice, rememberPushDevice } from './push-device-storage.util';
import { PUSH_TEXT } from './push-messages.constants';
import { selectPush } from './push.selectors';
import {
  pushBrowserChecked,
  pushDeviceFailed,
  pushDeviceRemoved,
  pushDeviceRemoveRequested,
  pushFormFailed,
  pushPermissionAnswered,
  pushSectionOpened,
  pushSettingsFailed,
  pushSettingsLoaded,
  pushTestRequested,
  pushTestSent,
  pushTurnedOff,
  pushTurnedOn,
  pushTurnOffRequested,
  pushTurnOnRequested,
} from './push.slice';

const NOT_FOUND = 404;

function* loadSettings() {
  try {
    yield* put(pushSettingsLoaded(yield* call(fetchPushSettings, yield* call(requireSessionToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(pushSettingsFailed(errorMessage(error)));
  }
}

/** What this browser can do, and the device it is when its subscription is still the one turned on here. */
function* checkBrowser(browser: PushBrowser) {
  if (!browser.isSupported()) {
    yield* put(pushBrowserChecked({ browser: { checked: true, supported: false }, thisDeviceId: null }));
    return;
  }
  let endpoint: string | null = null;
  try {
    endpoint = yield* call([browser, browser.subscriptionEndpoint]);
  } catch {
    // A subscription that cannot be read is none: turning alerts on makes one.
  }
  const remembered = yield* call(readRememberedPushDevice);
  yield* put(
    pushBrowserChecked({
      browser: { checked: true, supported: true, permission: browser.permission() },
      thisDeviceId: endpoint !== null && remembered?.endpoint === endpoint ? remembered.deviceId : null,
    }),
  );
}

function* sectionOpened(browser: PushBrowser) {
  yield* all([call(loadSettings), call(checkBrowser, browser)]);
}

/** The browser's subscription; its refusal said as the browser's. */
function* subscribe(browser: PushBrowser, publicKey: string) {
  try {
    return yield* call([browser, browser.subscribe], publicKey);
  } catch (error) {
    throw new Error(`This browser could not subscribe to push notifications: ${errorMessage(error)}`, { cause: error });
  }
}

/**
 * 'Turn on alerts on this device': the browser's permission (asked), its subscription with the
 * portal's key, then the device registered with the API under the browser's name and remembered.
 */
function* turnOn(browser: PushBrowser) {
  try {
    const { publicKey } = yield* select(selectPush);
    if (publicKey === null) throw new Error(PUSH_MESSAGES.notConfigured);
    const permission = yield* call([browser, browser.requestPermission]);
    yield* put(pushPermissionAnswered(permission));
    if (permission !== 'granted') throw new Error(permission === 'denied' ? PUSH_TEXT.blocked : PUSH_TEXT.notAllowed);
    const subscription: BrowserPushSubscription = yield* call(subscribe, browser, publicKey);
    const session = yield* call(requireSessionToken);
    const device = yield* call(registerPushDevice, session, { ...subscription, name: deviceName(browser.userAgent()) });
    yield* call(rememberPushDevice, { endpoint: subscription.endpoint, deviceId: device.id });
    yield* put(pushTurnedOn(device));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(pushFormFailed({ form: 'turnOn', error: errorMessage(error) }));
  }
}

/** Removes a device from the user's list; one already gone (removed elsewhere) counts as removed. */
function* removeDevice(id: number) {
  try {
    yield* call(removePushDevice, yield* call(requireSessionToken), id);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === NOT_FOUND)) throw error;
  }
}

/** This browser stops getting pushes: its subscription ends and is forgotten. */
function* endSubscription(browser: PushBrowser) {
  yield* call([browser, browser.unsubscribe]);
  yield* call(forgetPushDevice);
}

/** 'Turn off on this device': the portal stops sending first, then the browser's subscription ends. */
function* turnOff(browser: PushBrowser) {
  try {
    const { thisDeviceId } = yield* select(selectPush);
    if (thisDeviceId !== null) yield* call(removeDevice, thisDeviceId);
    yield* call(endSubscription, browser);
    yield* put(pushTurnedOff());
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(pushFormFailed({ form: 'turnOff', error: errorMessage(error) }));
  }
}

/** 'Remove' on a device of the list; this browser's own is turned off in it too. */
function* removeListed(browser: PushBrowser, action: ReturnType<typeof pushDeviceRemoveRequested>) {
  const id = action.payload;
  try {
    yield* call(removeDevice, id);
    if ((yield* select(selectPush)).thisDeviceId === id) yield* call(endSubscription, browser);
    yield* put(pushDeviceRemoved(id));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(pushDeviceFailed({ form: 'removals', id, error: errorMessage(error) }));
  }
}

/**
 * Signing out stops this browser's alerts: whoever uses it next must not get the account's alarms.
 * The device is removed with the session as it was at the sign-out (the portal stops at once), and
 * the browser's subscription ends whatever the answer: the push service then answers the portal
 * 'gone', which removes the device too. Neither may hold the sign-out up, so failures are logged.
 */
function* signedOut(browser: PushBrowser, session: string | null) {
  const remembered = yield* call(readRememberedPushDevice);
  if (remembered === null) return;
  try {
    if (session !== null) yield* call(removePushDevice, session, remembered.deviceId);
  } catch (error) {
    console.warn(`This browser's alerts were not removed from the account: ${errorMessage(error)}`);
  }
  try {
    yield* call(endSubscription, browser);
  } catch (error) {
    console.warn(`This browser's push subscription did not end: ${errorMessage(error)}`);
  }
}

function* sendTest(action: ReturnType<typeof pushTestRequested>) {
  const id = action.payload;
  try {
    yield* call(sendPushTest, yield* call(requireSessionToken), id);
    yield* put(pushTestSent(id));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(pushDeviceFailed({ form: 'tests', id, error: errorMessage(error) }));
  }
}

/**
 * My Account's 'Alerts on this phone'. Every call to the browser's notifications and push goes
 * through `browser` (the running client's browserPush; a test's own).
 */
export function* pushSaga(browser: PushBrowser) {
  yield* all([
    takeLatest(pushSectionOpened.type, sectionOpened, browser),
    // One change of this browser's subscription at a time: a second press waits for nothing.
    takeLeading([pushTurnOnRequested.type, pushTurnOffRequested.type], function* changeSubscription(action) {
      if (pushTurnOnRequested.match(action)) yield* call(turnOn, browser);
      else yield* call(turnOff, browser);
    }),
    takeEvery(pushDeviceRemoveRequested.type, removeListed, browser),
    takeEvery(pushTestRequested.type, sendTest),
    // The session is read as the sign-out is asked for, before it is cleared.
    takeEvery(logoutRequested.type, function* signingOut() {
      yield* call(signedOut, browser, yield* select(selectSessionToken));
    }),
  ]);
}
