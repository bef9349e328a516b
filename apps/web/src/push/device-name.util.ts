import { PUSH_DEVICE_NAME_MAX_LENGTH } from '@app/contracts';
import { browserName } from '../shared/browser-name.util';

/** How the device list names a browser: 'Chrome on Android', 'Safari on iPhone'; 'Browser' when unknown. */
export function deviceName(userAgent: string): string {
  return browserName(userAgent, 'Browser').slice(0, PUSH_DEVICE_NAME_MAX_LENGTH);
}
