import {
  FIRE_FAULT_TOAST_MS,
  NOTIFICATION_TITLES,
  notificationDataOf,
  siteConnectedMessage,
  siteDisconnectedMessage,
  type NotificationDto,
} from '@app/contracts';
import type { LiveLogEvent } from './livefeed.actions';
import type { ToastSpec } from '../toasts/toast.types';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const isAlarm = (event: LiveLogEvent) => event.category === 'fire' || event.category === 'fault';

/** An event that arrived during its site's test mode is marked so (docs/test-mode.md). */
const testBadge = (event: LiveLogEvent) => (event.test ? { badge: 'Test' } : {});

/** Toasts of fire and fault (spec 7): 30 s each, never gathered, never waiting behind other toasts. */
export function alarmToast(event: LiveLogEvent, siteName: string): ToastSpec {
  const text = `${siteName}: ${event.title}`;
  return event.category === 'fire'
    ? { kind: 'error', title: 'Fire', text, durationMs: FIRE_FAULT_TOAST_MS, alarm: true, ...testBadge(event) }
    : { kind: 'warning', title: 'Fault', text, durationMs: FIRE_FAULT_TOAST_MS, alarm: true, ...testBadge(event) };
}

/**
 * A site's other events gathered into one toast (its burst): while the toast shows or waits its
 * turn, each new event of the site counts in it instead of raising another. Alone, an event's
 * toast is the spec's (the capitalised category, the event's title); more say how many.
 */
export interface Burst {
  id: string;
  count: number;
  first: LiveLogEvent;
}

export function burstToast(burst: Burst, siteName: string): ToastSpec {
  const text = burst.count === 1 ? `${siteName}: ${burst.first.title}` : `${siteName}: ${burst.count} new events`;
  const badge = burst.count === 1 ? testBadge(burst.first) : {};
  return { id: burst.id, kind: 'info', title: capitalised(burst.first.category), text, ...badge };
}

let burstsStarted = 0;

/**
 * The toasts of a batch of live events, in their order: one per fire or fault; one per site for
 * the others, counted into the site's open burst (`bursts`, by hwaddr, updated here) or starting
 * one, and none when `otherEvents` is off.
 */
export function liveEventToasts(
  events: LiveLogEvent[],
  bursts: Map<string, Burst>,
  options: { otherEvents: boolean; siteName: (hwaddr: string) => string },
): ToastSpec[] {
  const toasts: Array<ToastSpec | string> = [];
  for (const event of events) {
    if (isAlarm(event)) {
      toasts.push(alarmToast(event, options.siteName(event.hwaddr)));
      continue;
    }
    if (!options.otherEvents) continue;
    const open = bursts.get(event.hwaddr);
    if (open) open.count += 1;
    else {
      burstsStarted += 1;
      bursts.set(event.hwaddr, { id: `other-events-${event.hwaddr}-${burstsStarted}`, count: 1, first: event });
    }
    // A burst's toast once per batch, where its site's first event of the batch was.
    if (!toasts.includes(event.hwaddr)) toasts.push(event.hwaddr);
  }
  return toasts.map((toast) =>
    typeof toast === 'string' ? burstToast(bursts.get(toast)!, options.siteName(toast)) : toast,
  );
}

/** Ends the burst whose toast left the screen: the site's next event starts a new toast. */
export function endBurst(bursts: Map<string, Burst>, toastId: string): void {
  for (const [hwaddr, burst] of bursts) if (burst.id === toastId) bursts.delete(hwaddr);
}

export function connectionToast(siteName: string, connected: boolean): ToastSpec {
  return connected
    ? { kind: 'success', text: siteConnectedMessage(siteName) }
    : { kind: 'warning', text: siteDisconnectedMessage(siteName) };
}

/**
 * A panel's loss of communication reported (or reported again), not yet restored nor resolved:
 * its key, one per loss, so that the loss is told once however often its notification changes.
 */
export function reportedLossKey(notification: NotificationDto): string | null {
  const data = notificationDataOf(notification, 'PANEL_OFFLINE');
  if (!data?.lost_at || data.restored_at || notification.resolved_by !== null) return null;
  return `${notification.id}-${data.lost_at}`;
}

/** A reported loss of communication is told as a fault is: a warning of 30 s that waits behind nothing. */
export function communicationLostToast(notification: NotificationDto, siteName: string): ToastSpec {
  return {
    kind: 'warning',
    title: NOTIFICATION_TITLES.PANEL_OFFLINE,
    text: `${siteName}: ${notification.text}`,
    durationMs: FIRE_FAULT_TOAST_MS,
    alarm: true,
  };
}
