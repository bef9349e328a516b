/** Categories of panel events (spec section 3, "Event") and the filters of the events page (2.10). */

export const EVENT_CATEGORIES = ['fire', 'fault', 'system', 'service', 'technical'] as const;

export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/**
 * The categories the alarm path acts on: relay actions have an on-fire and an on-fault setting,
 * and users ask to be e-mailed about fire/fault events (spec 2.12).
 */
export const ALERT_CATEGORIES = ['fire', 'fault'] as const satisfies readonly EventCategory[];

export type AlertCategory = (typeof ALERT_CATEGORIES)[number];

export const EVENT_CATEGORY_FILTERS = ['all', ...EVENT_CATEGORIES] as const;

export type EventCategoryFilter = (typeof EVENT_CATEGORY_FILTERS)[number];

export const EVENT_CATEGORY_FILTER_LABELS: Readonly<Record<EventCategoryFilter, string>> = {
  all: 'All',
  fire: 'Fire',
  fault: 'Fault',
  system: 'System',
  service: 'Service',
  technical: 'Technical',
};

export function isEventCategory(value: unknown): value is EventCategory {
  return typeof value === 'string' && (EVENT_CATEGORIES as readonly string[]).includes(value);
}

/** Events whose location is one of these show no location. */
export const HIDDEN_EVENT_LOCATIONS: readonly string[] = ['No location', 'N/A'];

export function isLocationShown(location: string | null | undefined): boolean {
  return !!location && !HIDDEN_EVENT_LOCATIONS.includes(location);
}

export function isAlertCategory(value: unknown): value is AlertCategory {
  return typeof value === 'string' && (ALERT_CATEGORIES as readonly string[]).includes(value);
}
