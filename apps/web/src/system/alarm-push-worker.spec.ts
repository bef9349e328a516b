// This test reads and runs the service worker's source; the client code itself is compiled without Node types.
/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ALARM_PUSH_ACTIONS, alarmPushTag, type AlarmPushMessage, type TestPushMessage } from '@app/contracts';
import { acknowledgeLinkOf } from '../alarms/alarm-links.util';

const PUBLIC = resolve(__dirname, '../../public');
const SOURCE = readFileSync(join(PUBLIC, 'sw.js'), 'utf8');
const ORIGIN = 'https://portal.example.com';

type Listener = (event: unknown) => void;

interface FakeWindow {
  url: string;
  focus: jest.Mock<Promise<FakeWindow>, []>;
  navigate: jest.Mock<Promise<FakeWindow | null>, [string]>;
}

/** The worker's global scope as far as sw.js uses it: its listeners, notifications and windows. */
function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: jest.fn(() => Promise.resolve(windows)),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
    openNotificationTarget: undefined as unknown as (data: unknown, action: string) => Promise<unknown>,
  };
  new Function('self', SOURCE)(scope);

  /** Dispatches an event to the worker's listener and answers what it waited for. */
  async function dispatch(type: string, event: object): Promise<void> {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  }

  return {
    scope,
    shown,
    opened,
    listens: (type: string) => listeners.has(type),
    push: (data: string | null) =>
      dispatch('push', { data: data === null ? null : { json: () => JSON.parse(data) as unknown } }),
    click: (data: unknown, action: string) => {
      const close = jest.fn();
      return { close, done: dispatch('notificationclick', { action, notification: { data, close } }) };
    },
  };
}

function windowAt(url: string, navigated: 'navigates' | 'refuses' = 'navigates'): FakeWindow {
  const window: FakeWindow = {
    url,
    focus: jest.fn(() => Promise.resolve(window)),
    navigate: jest.fn((to: string) =>
      navigated === 'navigates'
        ? Promise.resolve({ ...window, url: to })
        : Promise.reject(new TypeError('This service worker is not the client’s active service worker.')),
    ),
  };
  return window;
}

const fire: AlarmPushMessage = {
  type: 'alarm',
  alarmId: 12,
  hwaddr: '0011aabbccdd',
  seq: 345,
  kind: 'fire',
  title: 'FIRE: Warehouse',
  body: 'Zone 2 Stores, panel 1, 28/11/2026 10:00:00',
  path: '/alarms/12',
  receivedAt: '2026-11-28T10:00:00.000Z',
};

describe('the service worker with a push', () => {
  it('repeats each action of ALARM_PUSH_ACTIONS, id and title, as the contracts spell them', () => {
    for (const { action, title } of Object.values(ALARM_PUSH_ACTIONS)) {
      expect(SOURCE).toContain(`action: '${action}'`);
      expect(SOURCE).toContain(`title: '${title}'`);
    }
  });

  it("shows a fire's push with its text, the alarm's tag, both actions, and kept on screen", async () => {
    const worker = loadWorker();
    await worker.push(JSON.stringify(fire));

    expect(worker.shown).toEqual([
      {
        title: 'FIRE: Warehouse',
        options: {
          body: fire.body,
          tag: alarmPushTag(fire),
          renotify: true,
          requireInteraction: true,
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          data: fire,
          actions: Object.values(ALARM_PUSH_ACTIONS),
        },
      },
    ]);
    expect(existsSync(join(PUBLIC, 'icons/icon-192.png'))).toBe(true);
  });

  it('tags a fault not yet recorded as an alarm by its event, and lets it go like any notification', async () => {
    const worker = loadWorker();
    const fault: AlarmPushMessage = {
      ...fire,
      alarmId: null,
      kind: 'fault',
      title: 'FAULT: Warehouse',
      path: '/alarms',
    };
    await worker.push(JSON.stringify(fault));

    expect(worker.shown[0].options).toMatchObject({
      tag: alarmPushTag(fault),
      requireInteraction: false,
      actions: Object.values(ALARM_PUSH_ACTIONS),
    });
    expect(alarmPushTag(fault)).toBe('event-0011aabbccdd-345');
  });

  it("tags an escalation step's push (no event number) as the contracts do, with or without its alarm", async () => {
    const worker = loadWorker();
    const step: AlarmPushMessage = { ...fire, seq: null, title: 'FIRE: Warehouse, not acknowledged' };
    const unrecorded: AlarmPushMessage = { ...step, alarmId: null };
    await worker.push(JSON.stringify(step));
    await worker.push(JSON.stringify(unrecorded));

    expect(worker.shown.map((shown) => shown.options.tag)).toEqual([alarmPushTag(step), alarmPushTag(unrecorded)]);
    expect(worker.shown.map((shown) => shown.options.tag)).toEqual(['alarm-12', 'event-0011aabbccdd-0']);
  });

  it('shows a test push without actions', async () => {
    const worker = loadWorker();
    const test: TestPushMessage = {
      type: 'test',
      title: 'Test alert',
      body: 'Alerts reach this device.',
      path: '/account',
    };
    await worker.push(JSON.stringify(test));

    expect(worker.shown).toEqual([
      {
        title: 'Test alert',
        options: expect.objectContaining({ body: 'Alerts reach this device.', requireInteraction: false, actions: [] }),
      },
    ]);
  });

  it.each([
    ['no data', null],
    ['text that is not JSON', 'FIRE!'],
    ['JSON without a title', '{"type":"alarm","alarmId":3}'],
    ['a JSON string', '"fire"'],
  ])("shows the portal's own notification for a push with %s rather than throwing", async (_what, data) => {
    const worker = loadWorker();
    await worker.push(data);

    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0].title).toBe('Fire Alarm Portal');
    expect(worker.shown[0].options).toMatchObject({ renotify: false, requireInteraction: false, actions: [] });
  });

  it('keeps no fetch handler: the network answers every request', () => {
    const worker = loadWorker();
    expect(['install', 'activate', 'push', 'notificationclick'].map(worker.listens)).toEqual([true, true, true, true]);
    expect(worker.listens('fetch')).toBe(false);
  });
});

describe("the service worker's notification clicks", () => {
  it("Acknowledge focuses the portal's open window and takes it to the alarm, acknowledging it", async () => {
    const other = windowAt('https://elsewhere.example.org/');
    const portal = windowAt(`${ORIGIN}/site/0011aabbccdd/events`);
    const worker = loadWorker([other, portal]);
    const { close, done } = worker.click(fire, 'acknowledge');
    await done;

    expect(close).toHaveBeenCalled();
    expect(worker.scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(portal.focus).toHaveBeenCalled();
    expect(portal.navigate.mock.calls).toEqual([[`${ORIGIN}${acknowledgeLinkOf(12)}`]]);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(worker.opened).toEqual([]);
  });

  it.each([
    ['Open', 'open', fire, '/alarms/12'],
    ['a click on the notification', '', fire, '/alarms/12'],
    ['Acknowledge of an alarm not recorded yet', 'acknowledge', { ...fire, alarmId: null, path: '/alarms' }, '/alarms'],
    ['a click on a test', '', { type: 'test', title: 'Test', body: '', path: '/account' }, '/account'],
    ['a click on the fallback', '', { type: 'unknown', title: 'Fire Alarm Portal', path: '/alarms' }, '/alarms'],
    ['a path of another origin', 'open', { ...fire, path: '//evil.example.com/' }, '/alarms'],
  ])('%s opens its target in a new window when none of the portal is open', async (_what, action, data, path) => {
    const worker = loadWorker([windowAt('https://elsewhere.example.org/')]);
    await worker.click(data, action).done;
    expect(worker.opened).toEqual([`${ORIGIN}${path}`]);
  });

  it('takes the window there even when focusing is refused (no click: a test calling openNotificationTarget)', async () => {
    const portal = windowAt(`${ORIGIN}/`);
    portal.focus.mockImplementation(() => Promise.reject(new DOMException('Not allowed to focus a window.')));
    const worker = loadWorker([portal]);
    await worker.scope.openNotificationTarget(fire, 'acknowledge');

    expect(portal.navigate.mock.calls).toEqual([[`${ORIGIN}${acknowledgeLinkOf(12)}`]]);
    expect(worker.opened).toEqual([]);
  });

  it('opens a new window when the open one is not under its control', async () => {
    const worker = loadWorker([windowAt(`${ORIGIN}/`, 'refuses')]);
    await worker.scope.openNotificationTarget(fire, 'open');
    expect(worker.opened).toEqual([`${ORIGIN}/alarms/12`]);
  });
});
