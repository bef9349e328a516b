import type { BrowserPushSubscription, PushBrowser } from '../src/push/push-browser';

/** How Chrome on an Android phone names itself. */
export const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

export const PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/**
 * The browser's notifications and push as a test wants them: supported or not, the permission the
 * user gave or will give, and a subscription the push service never really makes. It records the
 * keys each subscription was asked with and counts the unsubscriptions.
 */
export class FakePushBrowser implements PushBrowser {
  supported = true;
  /** Notification.permission. */
  granted: NotificationPermission = 'default';
  /** What the user answers when the browser asks. */
  answer: NotificationPermission = 'granted';
  /** This browser's subscription's endpoint; null while it has none. */
  endpoint: string | null = null;
  /** The endpoint the next subscription gets. */
  nextEndpoint = 'https://fcm.googleapis.com/fcm/send/phone-1';
  /** Thrown by the next subscribe, as a push service that cannot be reached. */
  refusal: Error | null = null;
  agent = CHROME_ON_ANDROID;
  readonly subscribedWith: string[] = [];
  unsubscribes = 0;
  asked = 0;

  isSupported(): boolean {
    return this.supported;
  }

  permission(): NotificationPermission {
    return this.granted;
  }

  async requestPermission(): Promise<NotificationPermission> {
    this.asked += 1;
    if (this.granted === 'default') this.granted = this.answer;
    return this.granted;
  }

  async subscriptionEndpoint(): Promise<string | null> {
    return this.endpoint;
  }

  async subscribe(publicKey: string): Promise<BrowserPushSubscription> {
    if (this.refusal) throw this.refusal;
    this.subscribedWith.push(publicKey);
    this.endpoint ??= this.nextEndpoint;
    return { endpoint: this.endpoint, keys: PUSH_KEYS };
  }

  async unsubscribe(): Promise<void> {
    this.unsubscribes += 1;
    this.endpoint = null;
  }

  userAgent(): string {
    return this.agent;
  }
}
