// The service worker that makes the portal an installable app and shows its alarms on the phone. It
// has no fetch handler on purpose: pages, API calls and the live feed's websocket go to the network
// exactly as without it (nothing cached, so nothing stale, and the browser does not start the worker
// for each request).
self.addEventListener('install', (event) => {
  // Takes over at once rather than after every tab of the previous worker has closed.
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  // And controls the pages already open, not only those loaded after it.
  event.waitUntil(self.clients.claim());
});

// Alerts on the phone (docs/web-client.md): each push is a PushMessage of libs/contracts
// (push/alarm-push.types.ts), JSON. Its action ids and tag rule are repeated here in plain JS;
// system/alarm-push-worker.spec.ts fails when they drift from the contracts.
const ALARM_ACTIONS = [
  { action: 'acknowledge', title: 'Acknowledge' },
  { action: 'open', title: 'Open' },
];
const ICON = '/icons/icon-192.png';
/** The status bar's mark: the flame alone, white on transparent (Android draws a badge from its alpha). */
const BADGE = '/icons/badge-96.png';
const FALLBACK = {
  type: 'unknown',
  title: 'Fire Alarm Portal',
  body: 'Open the portal to see what happened.',
  path: '/alarms',
};

/** The push's message, or the fallback when it carries none or something unreadable. */
function readPush(event) {
  try {
    const message = event.data ? event.data.json() : null;
    if (message && typeof message === 'object' && typeof message.title === 'string' && message.title !== '')
      return message;
  } catch {
    // Not JSON: shown as the fallback, never thrown (a push that shows nothing costs the portal its pushes).
  }
  return FALLBACK;
}

/** One notification per alarm (a later push of it replaces it), else one per event (alarmPushTag). */
function tagOf(message) {
  if (message.type !== 'alarm') return message.type === 'test' ? 'test' : undefined;
  return message.alarmId !== null && message.alarmId !== undefined
    ? `alarm-${message.alarmId}`
    : `event-${message.hwaddr}-${message.seq ?? 0}`;
}

self.addEventListener('push', (event) => {
  const message = readPush(event);
  const tag = tagOf(message);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag,
      // A replaced notification (same tag) still alerts: a fire's new event is news.
      renotify: tag !== undefined,
      // A fire stays on screen until someone acts on it.
      requireInteraction: message.kind === 'fire',
      icon: ICON,
      badge: BADGE,
      data: message,
      actions: message.type === 'alarm' ? ALARM_ACTIONS : [],
    }),
  );
});

/** A path of this portal: the message's own, or the Alarms view for anything else. */
function portalPath(path) {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/alarms';
}

/**
 * Where a notification's click leads: Acknowledge opens the alarm acknowledging it (the Alarms view
 * when the alarm was not recorded yet), Open or the notification itself its path.
 */
function targetPath(data, action) {
  const message = data && typeof data === 'object' ? data : FALLBACK;
  if (action === 'acknowledge' && message.type === 'alarm')
    return typeof message.alarmId === 'number' ? `/alarms/${message.alarmId}?acknowledge=1` : '/alarms';
  return portalPath(message.path);
}

/**
 * Opens the notification's target: in a window of the portal already open (focused, then taken
 * there), else in a new one. On `self`, so that a browser test can call it as a click would.
 */
self.openNotificationTarget = async (data, action) => {
  const url = new URL(targetPath(data, action), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focusing is allowed only during a click; without one the window is still taken there.
    const focused = await open.focus().catch(() => open);
    try {
      const navigated = await focused.navigate(url);
      if (navigated) return navigated;
    } catch {
      // Not under this worker's control (opened before it was): a new window instead.
    }
  }
  return self.clients.openWindow(url);
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.openNotificationTarget(event.notification.data, event.action));
});
