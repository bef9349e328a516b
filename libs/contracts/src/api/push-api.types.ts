/** Push devices of the signed-in user (docs/push.md). Dates are ISO 8601 strings. Session token. */

/** One device (a browser profile) push is on for. */
export interface PushDeviceDto {
  id: number;
  /** As the browser named itself when push was turned on ('Chrome on Android'). */
  name: string;
  /** The push service's origin ('https://fcm.googleapis.com'): where its pushes go. */
  service: string;
  createdAt: string;
  /** The latest push the service accepted; null before the first. */
  lastPushAt: string | null;
}

/** GET /v2/account/push. */
export interface PushSettingsResponse {
  /** The VAPID public key (base64url) a browser subscribes with; null when push is not set up. */
  publicKey: string | null;
  devices: PushDeviceDto[];
}

/**
 * POST /v2/account/push/devices: a browser's PushSubscription (its toJSON()) and a name for it. The
 * same endpoint again (the browser renewed nothing) updates that device, whoever had it before.
 */
export interface PushDeviceRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  name: string;
}
