/**
 * Which device of the list this browser is: the API does not give devices' endpoints back, so the
 * device push was turned on here for is kept in local storage with its subscription's endpoint.
 * It is this browser's only while its subscription still has that endpoint and the user's list
 * still has that device (another user signed in here has not).
 */
const STORAGE_KEY = 'PushDevice';

export interface RememberedPushDevice {
  endpoint: string;
  deviceId: number;
}

export function readRememberedPushDevice(): RememberedPushDevice | null {
  const raw = window.localStorage.getItem(STORAGE_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'endpoint' in value &&
      typeof value.endpoint === 'string' &&
      'deviceId' in value &&
      typeof value.deviceId === 'number'
    )
      return { endpoint: value.endpoint, deviceId: value.deviceId };
  } catch {
    // An unreadable entry counts as none.
  }
  return null;
}

export function rememberPushDevice(device: RememberedPushDevice): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
}

export function forgetPushDevice(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}
