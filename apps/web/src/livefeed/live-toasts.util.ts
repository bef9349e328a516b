import { FIRE_FAULT_TOAST_MS, siteConnectedMessage, siteDisconnectedMessage } from '@app/contracts';
import type { LiveLogEvent } from './livefeed.actions';
import type { ToastSpec } from '../toasts/toast.types';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An event that arrived during its site's test mode is marked so (docs/test-mode.md). */
const testBadge = (event: LiveLogEvent) => (event.test ? { badge: 'Test' } : {});

/** Toasts of live events (spec 7): fire and fault stay 30 s, others show the capitalised category. */
export function logEventToast(event: LiveLogEvent, siteName: string): ToastSpec {
  const text = `${siteName}: ${event.title}`;
  const badge = testBadge(event);
  if (event.category === 'fire')
    return { kind: 'error', title: 'Fire', text, durationMs: FIRE_FAULT_TOAST_MS, ...badge };
  if (event.category === 'fault')
    return { kind: 'warning', title: 'Fault', text, durationMs: FIRE_FAULT_TOAST_MS, ...badge };
  return { kind: 'info', title: capitalised(event.category), text, ...badge };
}

export function connectionToast(siteName: string, connected: boolean): ToastSpec {
  return connected
    ? { kind: 'success', text: siteConnectedMessage(siteName) }
    : { kind: 'warning', text: siteDisconnectedMessage(siteName) };
}
