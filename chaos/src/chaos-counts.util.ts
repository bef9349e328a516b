import type { EventCategory } from '@app/contracts';

/** One event a simulated panel numbered and sent (kept until it is acked, resent after reconnects). */
export interface SentEvent {
  hwaddr: string;
  seq: number;
  category: EventCategory;
  title: string;
  /** When the panel sent it (epoch ms). */
  at?: number;
}

/** The longest time from an alarm's sending to its effect being recorded (0 when none was). */
function longestDelay(alarms: readonly SentEvent[], recordedAt: (alarm: SentEvent) => number | undefined): number {
  let longest = 0;
  for (const alarm of alarms) {
    const at = recordedAt(alarm);
    if (at !== undefined && alarm.at !== undefined) longest = Math.max(longest, at - alarm.at);
  }
  return longest;
}

/** One row of the events table, as stored. */
export interface StoredEvent {
  id: number;
  hwaddr: string;
  seq: number;
  title: string;
}

export interface EventCounts {
  sent: number;
  acked: number;
  storedOnce: number;
  /** Sent and never stored. */
  lost: number;
  /** Of the lost, the ones the gateway had acked: the worst kind. */
  lostAfterAck: number;
  /** Extra rows of an event stored more than once (under another sequence number). */
  duplicated: number;
  /** Rows whose panel and sequence number name an event the panel did not send with that title. */
  misdirected: number;
}

export function eventKey(hwaddr: string, seq: number): string {
  return `${hwaddr}/${seq}`;
}

/** Compares what the panels sent (by their own sequence numbers) with what the database holds. */
export function countEvents(
  sent: readonly SentEvent[],
  acked: ReadonlySet<string>,
  stored: readonly StoredEvent[],
): EventCounts {
  const sentByKey = new Map(sent.map((event) => [eventKey(event.hwaddr, event.seq), event]));
  const rowsByTitle = new Map<string, number>();
  const storedKeys = new Set<string>();
  let misdirected = 0;
  for (const row of stored) {
    const key = eventKey(row.hwaddr, row.seq);
    const origin = sentByKey.get(key);
    if (!origin || origin.title !== row.title) {
      misdirected++;
      continue;
    }
    storedKeys.add(key);
    const titleKey = `${row.hwaddr}/${row.title}`;
    rowsByTitle.set(titleKey, (rowsByTitle.get(titleKey) ?? 0) + 1);
  }
  let lost = 0;
  let lostAfterAck = 0;
  let storedOnce = 0;
  let duplicated = 0;
  for (const [key, event] of sentByKey) {
    const rows = rowsByTitle.get(`${event.hwaddr}/${event.title}`) ?? 0;
    if (!storedKeys.has(key)) {
      lost++;
      if (acked.has(key)) lostAfterAck++;
    } else if (rows === 1) storedOnce++;
  }
  for (const rows of rowsByTitle.values()) if (rows > 1) duplicated += rows - 1;
  return {
    sent: sentByKey.size,
    acked: [...acked].filter((key) => sentByKey.has(key)).length,
    storedOnce,
    lost,
    lostAfterAck,
    duplicated,
    misdirected,
  };
}

/** A relay_action_runs row of the alarm site. */
export interface RelayRun {
  trigger: 'fire' | 'fault';
  eventSeq: number;
  status: string;
  attempts: number;
  possibleRepeats: number;
  /** When the run was recorded finished (epoch ms). */
  finishedAt?: number | null;
}

export interface RelayCounts {
  trigger: 'fire' | 'fault';
  alarms: number;
  /** Alarms with exactly one run, and that run succeeded. */
  exactlyOne: number;
  /** Alarms whose action never succeeded: no run, or one left pending or failed. */
  withoutEffect: number;
  pulses: number;
  /** Pulses beyond one per succeeded run. */
  repeatedPulses: number;
  recordedRepeats: number;
  /** Repeated pulses that no run row counts as a possible repeat. */
  unrecordedRepeats: number;
  /** Succeeded runs the board never saw a pulse for. */
  missingPulses: number;
  /** Longest time from an alarm to its run recorded succeeded. */
  longestDelayMs: number;
}

/**
 * Relay runs of one trigger against the alarms of that kind and the pulses the board made. A pulse
 * cannot name its event, so repeats are counted per trigger: pulses beyond the succeeded runs must
 * be covered by the runs' `possible_repeats`.
 */
export function countRelay(
  trigger: 'fire' | 'fault',
  alarms: readonly SentEvent[],
  runs: readonly RelayRun[],
  pulses: number,
): RelayCounts {
  const mine = alarms.filter((alarm) => alarm.category === trigger);
  const runsBySeq = new Map<number, RelayRun[]>();
  for (const run of runs.filter((row) => row.trigger === trigger))
    runsBySeq.set(run.eventSeq, [...(runsBySeq.get(run.eventSeq) ?? []), run]);
  let exactlyOne = 0;
  let succeeded = 0;
  let recordedRepeats = 0;
  for (const alarm of mine) {
    const rows = runsBySeq.get(alarm.seq) ?? [];
    const ok = rows.filter((row) => row.status === 'succeeded').length;
    succeeded += ok;
    if (rows.length === 1 && ok === 1) exactlyOne++;
    recordedRepeats += rows.reduce((sum, row) => sum + row.possibleRepeats, 0);
  }
  const repeatedPulses = Math.max(0, pulses - succeeded);
  return {
    trigger,
    alarms: mine.length,
    exactlyOne,
    withoutEffect: mine.filter((alarm) => !(runsBySeq.get(alarm.seq) ?? []).some((row) => row.status === 'succeeded'))
      .length,
    pulses,
    repeatedPulses,
    recordedRepeats,
    unrecordedRepeats: Math.max(0, repeatedPulses - recordedRepeats),
    missingPulses: Math.max(0, succeeded - pulses),
    longestDelayMs: longestDelay(mine, (alarm) => {
      const done = (runsBySeq.get(alarm.seq) ?? []).filter((row) => row.status === 'succeeded' && row.finishedAt);
      return done.length > 0 ? Math.min(...done.map((row) => row.finishedAt!)) : undefined;
    }),
  };
}

/**
 * The record of one message an alarm owes one recipient: an alert mail to a user (mail_deliveries),
 * a message to the site's webhook (webhook_deliveries, recipient 'webhook'), or a push to a device
 * (push_deliveries, recipient the device's id).
 */
export interface MessageDelivery {
  hwaddr: string;
  eventSeq: number;
  recipient: string;
  /** Recorded sent (a mail) or delivered (a webhook message). */
  done: boolean;
  /** Its state as recorded, for the evidence. */
  status: string;
  possibleRepeats: number;
  /** When it was recorded done (epoch ms). */
  doneAt?: number | null;
}

export interface MessageCounts {
  /** Alarms times recipients: the messages owed. */
  owed: number;
  exactlyOne: number;
  /** Owed messages the receiver (the SMTP sink, the webhook receiver, the push service) never got. */
  lost: number;
  /** Messages received beyond one per alarm and recipient (same Message-ID, webhook-id, or alarm and device). */
  repeats: number;
  recordedRepeats: number;
  unrecordedRepeats: number;
  /** Delivery rows of owed messages not recorded done (left owed, or failed). */
  notMarkedDone: number;
  /** Longest time from an alarm to a delivery of it recorded done. */
  longestDelayMs: number;
}

/** Message-ID of an alert mail as the mailer builds it: `<alert.<hwaddr>.<seq>.<user id>@domain>`. */
const ALERT_MESSAGE_ID = /^Message-ID:\s*<alert\.([0-9a-f]{12})\.(\d+)\.([0-9a-f-]+)@[^>]*>/im;

/** The alarm and user an alert mail's text is for, from its Message-ID; undefined for other mails. */
export function alertMailKey(text: string): string | undefined {
  const match = ALERT_MESSAGE_ID.exec(text);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : undefined;
}

/** The recipient of an alarm's webhook message in the counts (one per site). */
export const WEBHOOK_RECIPIENT = 'webhook';

/** The alarm a webhook message is about, from its webhook-id `alarm-<hwaddr>-<seq>`; undefined for others. */
export function alarmWebhookKey(messageId: string): string | undefined {
  const match = /^alarm-([0-9a-f]{12})-(\d+)$/.exec(messageId);
  return match ? `${match[1]}/${match[2]}/${WEBHOOK_RECIPIENT}` : undefined;
}

/** What the run reads of a push's decrypted body (an `AlarmPushMessage`); undefined for anything else. */
export interface AlarmPushFacts {
  alarmId: number | null;
  hwaddr: string;
  /** The event's sequence number; null for an escalation step's push (about the alarm). */
  seq: number | null;
}

/** The alarm push a decrypted body is (`type` 'alarm'), or undefined (a test push, a body that is not JSON). */
export function readAlarmPush(plaintext: string): AlarmPushFacts | undefined {
  let message: { type?: unknown; alarmId?: unknown; hwaddr?: unknown; seq?: unknown };
  try {
    message = JSON.parse(plaintext) as typeof message;
  } catch {
    return undefined;
  }
  if (message?.type !== 'alarm' || typeof message.hwaddr !== 'string') return undefined;
  const alarmId = typeof message.alarmId === 'number' ? message.alarmId : null;
  const seq = typeof message.seq === 'number' ? message.seq : null;
  return { alarmId, hwaddr: message.hwaddr, seq };
}

/** The event and device an event's push is about (`hwaddr/seq/device`); undefined for a push without an event. */
export function alarmPushKey(push: AlarmPushFacts, device: string): string | undefined {
  return push.seq === null ? undefined : `${push.hwaddr}/${push.seq}/${device}`;
}

/** Messages received per alarm and recipient, against their delivery records. */
export function countMessages(
  alarms: readonly SentEvent[],
  recipients: readonly string[],
  received: ReadonlyMap<string, number>,
  deliveries: readonly MessageDelivery[],
): MessageCounts {
  const rows = new Map(deliveries.map((row) => [`${row.hwaddr}/${row.eventSeq}/${row.recipient}`, row]));
  const counts: MessageCounts = {
    owed: 0,
    exactlyOne: 0,
    lost: 0,
    repeats: 0,
    recordedRepeats: 0,
    unrecordedRepeats: 0,
    notMarkedDone: 0,
    longestDelayMs: 0,
  };
  for (const alarm of alarms) {
    for (const recipient of recipients) {
      const key = `${alarm.hwaddr}/${alarm.seq}/${recipient}`;
      const seen = received.get(key) ?? 0;
      const row = rows.get(key);
      counts.owed++;
      if (seen === 0) counts.lost++;
      if (seen === 1) counts.exactlyOne++;
      const repeats = Math.max(0, seen - 1);
      const recorded = row?.possibleRepeats ?? 0;
      counts.repeats += repeats;
      counts.recordedRepeats += recorded;
      counts.unrecordedRepeats += Math.max(0, repeats - recorded);
      if (!row?.done) counts.notMarkedDone++;
      if (row?.doneAt && alarm.at !== undefined)
        counts.longestDelayMs = Math.max(counts.longestDelayMs, row.doneAt - alarm.at);
    }
  }
  return counts;
}

export interface LiveCounts {
  /** Events stored for the sites the browser watches. */
  stored: number;
  seenLive: number;
  /** Not seen live, found by a refetch after a reconnect or the periodic one. */
  recoveredByRefetch: number;
  /** Stored, never shown live nor by a refetch. */
  neverShown: number;
}

export function countLive(
  storedIds: readonly number[],
  liveIds: ReadonlySet<number>,
  refetchedIds: ReadonlySet<number>,
): LiveCounts {
  const counts: LiveCounts = { stored: storedIds.length, seenLive: 0, recoveredByRefetch: 0, neverShown: 0 };
  for (const id of storedIds) {
    if (liveIds.has(id)) counts.seenLive++;
    else if (refetchedIds.has(id)) counts.recoveredByRefetch++;
    else counts.neverShown++;
  }
  return counts;
}
