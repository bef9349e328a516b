import { ALERT_CATEGORIES } from '../events/event-categories.catalogue';
import { panelEventLogFields } from '../events/event-key.util';
import { assertPanelEventMessage } from './panel-event-message.validation';

/**
 * What the apps that act on alarms read (relay-worker's relays, the mailer's mails): the fire and
 * fault events of PANEL_EVENTS, one durable consumer per category (`natsNames().consumers.relayWorker(category)`)
 * filtered on `panelEventsOf(category)`, so that a fire never waits behind faults and no other event
 * reaches them; each message checked against the events contract. `@AlertConsumers` of
 * @app/messaging reads the stream this way.
 */
export const ALERT_EVENTS = {
  stream: 'panelEvents',
  partitions: ALERT_CATEGORIES,
  filterSubject: 'panelEventsOf',
  check: assertPanelEventMessage,
  logFields: panelEventLogFields,
} as const;
