import { PUSH_MESSAGES } from '@app/contracts';
import { createAppStore } from '../app/app.store';
import type { RootState } from '../shared/root-state.types';
import { requestIdle } from '../shared/request-status';
import { authReady, logoutRequested } from '../auth/auth.slice';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock.util';
import { FakePushApi, pushDeviceOf, VAPID_PUBLIC_KEY } from '../../test/fake-push-api.util';
import { FakePushBrowser, PUSH_KEYS } from '../../test/fake-push-browser.util';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { waitForState, waitUntil } from '../../test/store-wait.util';
import { inOneHour, tokenWith } from '../../test/tokens.util';
import { readRememberedPushDevice, rememberPushDevice } from './push-device-storage.util';
import { PUSH_TEXT } from './push-messages.constants';
import { selectPushBlocked, selectThisDevicePush } from './push.selectors';
import {
  pushDeviceRemoveRequested,
  pushSectionOpened,
  pushTestRequested,
  pushTurnOffRequested,
  pushTurnOnRequested,
} from './push.slice';

const issuer = 'fire-alarm-portal-api';
const laptop = pushDeviceOf(1, { lastPushAt: '2026-11-27T18:00:00.000Z' });

/**
 * My Account's alerts through the real store, reducers and sagas; only fetch is replaced, by a
 * small fake of the push API, and the browser's push by a fake of the one object the sagas reach
 * it through.
 */
describe('push sagas', () => {
  let app: ReturnType<typeof createAppStore>;
  let api: FakePushApi;
  let browser: FakePushBrowser;

  const thisDevice = () => selectThisDevicePush(app.store.getState());

  beforeEach(() => {
    window.localStorage.clear();
    api = new FakePushApi([laptop]);
    browser = new FakePushBrowser();
    installFetchMock().mockImplementation(
      async (input, init) => api.answer(String(input), init) ?? jsonResponse(404, 'Not Found', { err: 'no route' }),
    );
    FakeWebSocket.install();
    app = createAppStore(undefined, { pushBrowser: browser });
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
  });

  afterEach(() => app.rootTask.cancel());

  async function openSection() {
    app.store.dispatch(pushSectionOpened());
    return waitForState(app.store, (state) => state.push.loaded && state.push.browser.checked);
  }

  const turnOn = async () => {
    app.store.dispatch(pushTurnOnRequested());
    return waitForState(app.store, (state: RootState) => !state.push.turnOn.pending);
  };

  it('reads the settings and this browser when the section opens', async () => {
    const state = await openSection();
    expect(state.push).toMatchObject({
      loadError: null,
      publicKey: VAPID_PUBLIC_KEY,
      devices: [laptop],
      browser: { checked: true, supported: true, permission: 'default' },
      thisDeviceId: null,
    });
    expect(thisDevice()).toBe('off');
    // Opening asks the browser nothing the user would see.
    expect(browser.asked).toBe(0);
  });

  it("turns alerts on: the user's permission, a subscription with the portal's key, the device under the browser's name", async () => {
    await openSection();
    const state = await turnOn();

    expect(browser.asked).toBe(1);
    expect(browser.subscribedWith).toEqual([VAPID_PUBLIC_KEY]);
    expect(api.registered).toEqual([
      { endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1', keys: PUSH_KEYS, name: 'Chrome on Android' },
    ]);
    expect(state.push.turnOn).toEqual({ ...requestIdle, done: true });
    expect(state.push.devices.map((device) => [device.id, device.name])).toEqual([
      [1, 'Firefox on Windows'],
      [100, 'Chrome on Android'],
    ]);
    expect(thisDevice()).toBe('on');
    expect(readRememberedPushDevice()).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1',
      deviceId: 100,
    });

    // The next visit knows this browser by its subscription.
    app.rootTask.cancel();
    app = createAppStore(undefined, { pushBrowser: browser });
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
    expect((await openSection()).push.thisDeviceId).toBe(100);
    expect(thisDevice()).toBe('on');
  });

  it('says how to allow notifications once the user blocked them, and subscribes nothing', async () => {
    browser.answer = 'denied';
    await openSection();
    const state = await turnOn();

    expect(state.push.turnOn.error).toBe(PUSH_TEXT.blocked);
    expect(selectPushBlocked(state)).toBe(true);
    expect(browser.subscribedWith).toEqual([]);
    expect(api.registered).toEqual([]);
    expect(thisDevice()).toBe('off');
  });

  it('asks again, and says so, when the user closed the question without an answer', async () => {
    browser.answer = 'default';
    await openSection();
    expect((await turnOn()).push.turnOn.error).toBe(PUSH_TEXT.notAllowed);

    browser.answer = 'granted';
    expect((await turnOn()).push.turnOn.done).toBe(true);
    expect(browser.asked).toBe(2);
  });

  it("says why the browser's push service refused a subscription", async () => {
    browser.refusal = new DOMException('Registration failed - push service not available', 'AbortError');
    await openSection();
    const state = await turnOn();

    expect(state.push.turnOn.error).toBe(
      'This browser could not subscribe to push notifications: Registration failed - push service not available',
    );
    expect(api.registered).toEqual([]);
  });

  it("shows the API's refusal of the device, and remembers nothing", async () => {
    api.refuse = (request) =>
      request.startsWith('POST') ? jsonResponse(400, 'Bad Request', { err: PUSH_MESSAGES.endpointPrivate }) : undefined;
    await openSection();
    expect((await turnOn()).push.turnOn.error).toBe(PUSH_MESSAGES.endpointPrivate);
    expect(readRememberedPushDevice()).toBeNull();
  });

  it('turns alerts off: the portal stops sending, then the subscription ends and is forgotten', async () => {
    await openSection();
    await turnOn();
    app.store.dispatch(pushTurnOffRequested());
    const state = await waitForState(app.store, (current) => current.push.turnOff.done);

    expect(api.removed).toEqual([100]);
    expect(browser.unsubscribes).toBe(1);
    expect(browser.endpoint).toBeNull();
    expect(readRememberedPushDevice()).toBeNull();
    expect(state.push.devices).toEqual([laptop]);
    expect(thisDevice()).toBe('off');
  });

  it("signing out stops this browser's alerts: the device removed with the session it had, the subscription ended", async () => {
    await openSection();
    await turnOn();
    const session = app.store.getState().auth.session;
    app.store.dispatch(logoutRequested());
    await waitUntil(() => browser.unsubscribes === 1, 'the subscription ended');

    expect(app.store.getState().auth.session).toBeNull();
    expect(api.removed).toEqual([100]);
    expect(api.authorizations.at(-1)).toBe(`Bearer ${session}`);
    expect(browser.endpoint).toBeNull();
    expect(readRememberedPushDevice()).toBeNull();
  });

  it('signing out ends the subscription even when the portal could not be told, and asks nothing without alerts on', async () => {
    await openSection();
    await turnOn();
    api.refuse = (request) =>
      request.startsWith('DELETE') ? jsonResponse(503, 'Service Unavailable', { err: 'Try again shortly' }) : undefined;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    app.store.dispatch(logoutRequested());
    await waitUntil(() => browser.unsubscribes === 1, 'the subscription ended');
    expect(warn).toHaveBeenCalledWith("This browser's alerts were not removed from the account: Try again shortly");
    expect(readRememberedPushDevice()).toBeNull();
    warn.mockRestore();

    // Signed in again with no alerts on here: signing out asks the portal and the browser nothing.
    app.store.dispatch(authReady({ issuer, session: tokenWith({ iss: issuer, exp: inOneHour(), typ: 'session' }) }));
    const requests = api.authorizations.length;
    app.store.dispatch(logoutRequested());
    expect(api.authorizations).toHaveLength(requests);
    expect(browser.unsubscribes).toBe(1);
  });

  it('keeps alerts on when the portal could not be told, and says why', async () => {
    await openSection();
    await turnOn();
    api.refuse = (request) =>
      request.startsWith('DELETE') ? jsonResponse(503, 'Service Unavailable', { err: 'Try again shortly' }) : undefined;
    app.store.dispatch(pushTurnOffRequested());
    const state = await waitForState(app.store, (current) => current.push.turnOff.error !== null);

    expect(state.push.turnOff.error).toBe('Try again shortly');
    expect(browser.unsubscribes).toBe(0);
    expect(thisDevice()).toBe('on');
  });

  it("knows neither another subscription nor another user's device as this browser's", async () => {
    browser.endpoint = 'https://fcm.googleapis.com/fcm/send/renewed';
    rememberPushDevice({ endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1', deviceId: 1 });
    expect((await openSection()).push.thisDeviceId).toBeNull();

    // Turned on here by someone else: the device is not in this user's list.
    rememberPushDevice({ endpoint: 'https://fcm.googleapis.com/fcm/send/renewed', deviceId: 42 });
    const state = await openSection();
    expect(state.push.thisDeviceId).toBe(42);
    expect(thisDevice()).toBe('off');
  });

  it('sends a test to a device, and says why one was refused', async () => {
    api.devices = [laptop, pushDeviceOf(2)];
    await openSection();
    app.store.dispatch(pushTestRequested(1));
    let state = await waitForState(app.store, (current) => current.push.tests[1]?.done === true);
    expect(api.tests).toEqual([1]);
    expect(state.push.tests[1].notice).toBe(PUSH_TEXT.testSent);

    api.refuse = (request) =>
      request.endsWith('/2/test') ? jsonResponse(404, 'Not Found', { err: PUSH_MESSAGES.deviceNotFound }) : undefined;
    app.store.dispatch(pushTestRequested(2));
    state = await waitForState(app.store, (current) => current.push.tests[2]?.error != null);
    expect(state.push.tests[2].error).toBe(PUSH_MESSAGES.deviceNotFound);
    expect(state.push.tests[1].done).toBe(true);
  });

  it('removes a device; one already removed elsewhere leaves the list too', async () => {
    api.devices = [laptop, pushDeviceOf(2)];
    await openSection();
    api.devices = [laptop];
    app.store.dispatch(pushDeviceRemoveRequested(1));
    app.store.dispatch(pushDeviceRemoveRequested(2));
    const state = await waitForState(app.store, (current) => current.push.devices.length === 0);

    expect(api.removed).toEqual([1]);
    expect(state.push.removals).toEqual({});
    expect(browser.unsubscribes).toBe(0);
  });

  it("removing this browser's own device from the list turns alerts off here too", async () => {
    await openSection();
    await turnOn();
    app.store.dispatch(pushDeviceRemoveRequested(100));
    await waitForState(app.store, (current) => current.push.thisDeviceId === null);

    expect(api.removed).toEqual([100]);
    expect(browser.unsubscribes).toBe(1);
    expect(readRememberedPushDevice()).toBeNull();
  });

  it('asks the browser nothing where the portal has no push or the browser cannot have it', async () => {
    api.publicKey = null;
    await openSection();
    expect(thisDevice()).toBe('notConfigured');
    expect((await turnOn()).push.turnOn.error).toBe(PUSH_MESSAGES.notConfigured);
    expect(browser.asked).toBe(0);

    api.publicKey = VAPID_PUBLIC_KEY;
    browser.supported = false;
    const state = await openSection();
    expect(state.push.browser).toEqual({ checked: true, supported: false });
    expect(thisDevice()).toBe('unsupported');
  });

  it('says why the settings could not be read', async () => {
    api.refuse = () => jsonResponse(500, 'Internal Server Error', { err: 'The database is away' });
    const state = await openSection();
    expect(state.push.loadError).toBe('The database is away');
  });
});
