import { applicationServerKey } from './push-key.util';

/** A browser's push subscription as the API takes it (PushSubscription.toJSON()). */
export interface BrowserPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Everything the push sagas ask of the browser: notification permission, the service worker's push
 * subscription and the browser's name. The running client uses `browserPush`; tests hand the store
 * another (createAppStore's services).
 */
export interface PushBrowser {
  /** Service workers, the Push API and notifications are all there. */
  isSupported(): boolean;
  permission(): NotificationPermission;
  /** Asks the user (the browser's prompt); answers at once when they already chose. */
  requestPermission(): Promise<NotificationPermission>;
  /** This browser's subscription's endpoint; null when it has none (or no service worker yet). */
  subscriptionEndpoint(): Promise<string | null>;
  /** Subscribes with the portal's public key (base64url), or answers the subscription it has with it. */
  subscribe(publicKey: string): Promise<BrowserPushSubscription>;
  /** Ends this browser's subscription; nothing when it has none. */
  unsubscribe(): Promise<void>;
  userAgent(): string;
}

function subscriptionOf(subscription: PushSubscription): BrowserPushSubscription {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave no push address for this device');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

async function currentSubscription(): Promise<PushSubscription | null> {
  // getRegistration rather than ready: it answers at once, even before the worker is registered.
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export const browserPush: PushBrowser = {
  isSupported: () =>
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window,

  permission: () => Notification.permission,

  requestPermission: () => Notification.requestPermission(),

  async subscriptionEndpoint() {
    return (await currentSubscription())?.endpoint ?? null;
  },

  async subscribe(publicKey) {
    const { pushManager } = await navigator.serviceWorker.ready;
    const options = { userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) };
    try {
      return subscriptionOf(await pushManager.subscribe(options));
    } catch (error) {
      // A subscription made with an earlier key of the portal's is refused: it is replaced.
      const earlier = await pushManager.getSubscription();
      if (!(error instanceof DOMException && error.name === 'InvalidStateError') || !earlier) throw error;
      await earlier.unsubscribe();
      return subscriptionOf(await pushManager.subscribe(options));
    }
  },

  async unsubscribe() {
    await (await currentSubscription())?.unsubscribe();
  },

  userAgent: () => navigator.userAgent,
};
