import { act, fireEvent, screen, within } from '@testing-library/react';
import { PUSH_MESSAGES } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock.util';
import { FakePushApi, pushDeviceOf } from '../../../test/fake-push-api.util';
import { FakePushBrowser } from '../../../test/fake-push-browser.util';
import { renderApp, requestsOf, signIn } from '../../../test/render-app.util';
import { waitForState } from '../../../test/store-wait.util';
import { PUSH_TEXT } from '../push-messages.constants';

const account = {
  email: 'erin@example.com',
  name: 'Erin Engineer',
  company: 'Acme',
  telephone: '0113 496 0000',
  otherEventToasts: true,
};

const laptop = pushDeviceOf(1, { lastPushAt: '2026-11-27T18:00:00.000Z' });

describe("My Account's alerts on this phone", () => {
  let api: FakePushApi;
  let browser: FakePushBrowser;

  beforeEach(() => {
    window.localStorage.clear();
    signIn();
    api = new FakePushApi([laptop]);
    browser = new FakePushBrowser();
  });

  async function open() {
    const app = await renderApp(
      '/account',
      (path, init) => (path === '/api/auth/account' ? jsonResponse(200, 'OK', account) : api.answer(path, init)),
      { pushBrowser: browser },
    );
    await act(() => waitForState(app.store, (state) => state.push.loaded && state.push.browser.checked));
    return app;
  }

  const section = () => screen.getByRole('region', { name: 'Alerts on this phone' });
  const devices = () => screen.getAllByTestId('push-device');

  it("lists the user's devices with their push service and dates", async () => {
    await open();
    const [row] = devices();
    expect(row.textContent).toContain('Firefox on Windows');
    expect(row.textContent).toContain('updates.push.services.mozilla.com');
    expect(row.textContent).toContain('Since 20/11/2026 08:30:00');
    expect(row.textContent).toContain('Last push 27/11/2026 18:00:00');
    expect(within(row).queryByText('This device')).toBeNull();
  });

  it('turns alerts on for this device, lists it as this one, sends it a test, and turns it off', async () => {
    const app = await open();
    fireEvent.click(within(section()).getByRole('button', { name: 'Turn on alerts on this device' }));
    await act(() => waitForState(app.store, (state) => state.push.turnOn.done));

    expect(within(section()).getByRole('status').textContent).toBe(PUSH_TEXT.on);
    const phone = devices()[1];
    expect(phone.textContent).toContain('Chrome on Android');
    expect(phone.textContent).toContain('fcm.googleapis.com');
    expect(phone.textContent).toContain('No push yet');
    expect(within(phone).getByText('This device')).toBeTruthy();

    fireEvent.click(within(phone).getByRole('button', { name: 'Send a test' }));
    expect(await within(phone).findByText(PUSH_TEXT.testSent)).toBeTruthy();
    expect(api.tests).toEqual([100]);

    fireEvent.click(within(section()).getByRole('button', { name: 'Turn off on this device' }));
    await act(() => waitForState(app.store, (state) => state.push.turnOff.done));
    expect(devices()).toHaveLength(1);
    expect(within(section()).getByRole('button', { name: 'Turn on alerts on this device' })).toBeTruthy();
    expect(browser.unsubscribes).toBe(1);
    expect(requestsOf(app.fetchMock).filter((request) => request.includes('/push'))).toEqual([
      'GET /api/v2/account/push',
      'POST /api/v2/account/push/devices',
      'POST /api/v2/account/push/devices/100/test',
      'DELETE /api/v2/account/push/devices/100',
    ]);
  });

  it('removes a device from the list', async () => {
    await open();
    fireEvent.click(within(devices()[0]).getByRole('button', { name: 'Remove' }));
    expect(await within(section()).findByText(PUSH_TEXT.noDevices)).toBeTruthy();
    expect(api.removed).toEqual([1]);
  });

  it('says how to allow notifications when they are blocked', async () => {
    browser.granted = 'denied';
    await open();
    expect(within(section()).getByText(PUSH_TEXT.blocked)).toBeTruthy();

    fireEvent.click(within(section()).getByRole('button', { name: 'Turn on alerts on this device' }));
    expect((await within(section()).findByRole('alert')).textContent).toBe(PUSH_TEXT.blocked);
    expect(browser.subscribedWith).toEqual([]);
  });

  it('says push is not set up on this portal, with nothing to turn on', async () => {
    api.publicKey = null;
    api.devices = [];
    await open();
    expect(within(section()).getByText(PUSH_MESSAGES.notConfigured)).toBeTruthy();
    expect(within(section()).queryByRole('button')).toBeNull();
    expect(within(section()).queryByText('Your devices')).toBeNull();
  });

  it('says this browser cannot receive push notifications, and still lists the devices', async () => {
    browser.supported = false;
    await open();
    expect(within(section()).getByText(PUSH_TEXT.unsupported)).toBeTruthy();
    expect(within(section()).queryByRole('button', { name: 'Turn on alerts on this device' })).toBeNull();
    expect(devices()).toHaveLength(1);
  });
});
