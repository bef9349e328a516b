/**
 * The identity of one panel event across the system: the panel's hardware address and the panel's
 * own sequence number. Used as the JetStream message id (de-duplication of resends) and in job ids.
 * Contains no ':' so that it is valid inside BullMQ job ids.
 */
export function panelEventKey(hwaddr: string, seq: number): string {
  return `${hwaddr}-${seq}`;
}

/**
 * The correlation id of a panel event's whole path in the logs (its storage and live message, its
 * relay runs, its mails): every app derives the same one from the event's key, so no message or job
 * has to carry it for it to be right.
 */
export function eventCorrelationId(hwaddr: string, seq: number): string {
  return `evt-${panelEventKey(hwaddr, seq)}`;
}

/** The correlation id of what an alarm's escalation does (its steps, their mails), across apps. */
export function alarmCorrelationId(alarmId: number): string {
  return `alarm-${alarmId}`;
}

/** What a log line about a panel event names: its correlation id, panel, network and sequence number. */
export function panelEventLogFields(event: { hwaddr: string; networkId: number; seq: number }): {
  correlationId: string;
  hwaddr: string;
  networkId: number;
  seq: number;
} {
  return {
    correlationId: eventCorrelationId(event.hwaddr, event.seq),
    hwaddr: event.hwaddr,
    networkId: event.networkId,
    seq: event.seq,
  };
}
