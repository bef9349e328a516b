import type { PanelEventInput } from '@app/panel-protocol';

/** Which field of a poison event is bad. */
export const POISON_FIELDS = ['title', 'location', 'date'] as const;
export type PoisonField = (typeof POISON_FIELDS)[number];

/**
 * An event the gateway must refuse, as a faulty panel might send it: U+0000 in its title or
 * location, or a date in year 0000. For demos and tests of the refusal path.
 */
export function poisonEvent(networkId: number, field: PoisonField, now = new Date()): PanelEventInput {
  const event: PanelEventInput = {
    networkId,
    category: 'fire',
    title: 'Fire alarm',
    date: now.toISOString(),
    location: 'Zone 1',
  };
  if (field === 'title') event.title = 'Fire\u0000alarm';
  if (field === 'location') event.location = 'Zone\u00001';
  if (field === 'date') event.date = '0000-01-01T00:00:00Z';
  return event;
}
