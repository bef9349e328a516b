import type { AlarmPushFacts, MessageCounts } from './chaos-counts.util';

/**
 * The policy's delayed step the run counts (docs/alarms.md, "Escalation"): everyone with access, by
 * e-mail and push. The only one: a step's push names its alarm, not the step.
 */
export const ESCALATED_STEP = 2;

/** An `alarms` row (times in epoch ms). */
export interface AlarmRecord {
  id: number;
  kind: string;
  acknowledgedAt: number | null;
  clearedAt: number | null;
}

/** An `alarm_escalations` row. */
export interface EscalationStepRecord {
  alarmId: number;
  step: number;
  /** owed, sent (taken: its messages recorded owed), stopped, failed. */
  status: string;
  dueAt: number;
}

/** The record of one message of a step: a `mail_deliveries` row (recipient the user) or a `push_deliveries` row (the device). */
export interface StepMessageRecord {
  alarmId: number;
  step: number;
  recipient: string;
  status: string;
  possibleRepeats: number;
  sentAt: number | null;
}

/** One way a taken step reaches people: whom it owes a message, the records, what was received. */
export interface StepChannel {
  /** Each taken step owes each of them one message: the users with access (mail), their devices (push). */
  recipients: readonly string[];
  records: readonly StepMessageRecord[];
  /** Messages received, by `escalationKey`. */
  received: ReadonlyMap<string, number>;
}

/** A taken step's messages of one channel, counted as alert mails are, and those that no step owed. */
export interface StepMessageCounts extends MessageCounts {
  /** Withheld (suppressed) by an acknowledgement after the step was taken: no longer owed. */
  withheld: number;
  /** Received of a step stopped, or withheld, before their sending began. */
  sentAfterStop: number;
  /** Received that no step owed (an alarm, step or recipient it never named). */
  unowed: number;
}

export interface EscalationCounts {
  /** Alarm rows: each owes its step, once, however many events joined it. */
  alarms: number;
  acknowledged: number;
  /** Steps taken (recorded sent): their messages owed. */
  taken: number;
  stoppedByAcknowledgement: number;
  /** Stopped, the alarm cleared and not acknowledged. */
  stoppedByClear: number;
  /** Stopped though the alarm was neither acknowledged nor cleared: an escalation that never happened. */
  stoppedWithoutCause: number;
  /** No step recorded, recorded failed, or still owed longer than the bound past its due time. */
  lost: number;
  /** Still owed, due less than the bound ago (not judged). */
  stillOwed: number;
  /** Taken although the alarm was acknowledged before the step was due. */
  takenThoughAcknowledged: number;
  mails: StepMessageCounts;
  pushes: StepMessageCounts;
}

export function escalationKey(alarmId: number, step: number, recipient: string): string {
  return `${alarmId}/${step}/${recipient}`;
}

/** Message-ID of a step's mail as the mailer builds it: `<escalation.<alarm id>.<step>.<user id>@domain>`. */
const ESCALATION_MESSAGE_ID = /^Message-ID:\s*<escalation\.(\d+)\.(\d+)\.([0-9a-f-]+)@[^>]*>/im;

/** The alarm, step and user a step's mail is for, from its Message-ID; undefined for other mails. */
export function escalationMailKey(text: string): string | undefined {
  const match = ESCALATION_MESSAGE_ID.exec(text);
  return match ? escalationKey(Number(match[1]), Number(match[2]), match[3]) : undefined;
}

/** The alarm, step and device a step's push is for (it names the alarm and no event); undefined for an event's push. */
export function escalationPushKey(push: AlarmPushFacts, device: string): string | undefined {
  return push.seq === null && push.alarmId !== null ? escalationKey(push.alarmId, ESCALATED_STEP, device) : undefined;
}

export interface EscalationRecords {
  alarms: readonly AlarmRecord[];
  steps: readonly EscalationStepRecord[];
  mail: StepChannel;
  push: StepChannel;
  /** When the records were read (epoch ms). */
  countedAt: number;
  /** How long past its due time a step may still be owed before it counts as lost. */
  lostAfterMs: number;
}

/** What became of an alarm's step, for counting its messages. */
interface StepOutcome {
  alarm: AlarmRecord;
  taken: boolean;
  dueAt: number;
}

/** Each alarm's step against its record: taken, stopped (and why), lost, or still owed. */
function stepOutcomes(records: EscalationRecords, counts: EscalationCounts, note: (line: string) => void) {
  const steps = new Map(
    records.steps.filter((row) => row.step === ESCALATED_STEP).map((row) => [row.alarmId, row] as const),
  );
  const outcomes: StepOutcome[] = [];
  for (const alarm of records.alarms) {
    const name = `${alarm.kind} alarm ${alarm.id}`;
    const acked = alarm.acknowledgedAt !== null;
    if (acked) counts.acknowledged++;
    const step = steps.get(alarm.id);
    if (step?.status === 'owed' && step.dueAt >= records.countedAt - records.lostAfterMs) counts.stillOwed++;
    else if (step?.status === 'stopped') {
      if (acked) counts.stoppedByAcknowledgement++;
      else if (alarm.clearedAt !== null) counts.stoppedByClear++;
      else {
        counts.stoppedWithoutCause++;
        note(`${name}: step stopped, the alarm neither acknowledged nor cleared`);
      }
      outcomes.push({ alarm, taken: false, dueAt: step.dueAt });
    } else if (step?.status === 'sent') {
      counts.taken++;
      if (acked && alarm.acknowledgedAt! < step.dueAt) {
        counts.takenThoughAcknowledged++;
        note(`${name}: step taken, the alarm acknowledged before it was due`);
      }
      outcomes.push({ alarm, taken: true, dueAt: step.dueAt });
    } else {
      counts.lost++;
      note(`${name}: step ${step ? `${step.status}, due ${new Date(step.dueAt).toISOString()}` : 'never recorded'}`);
    }
  }
  return outcomes;
}

function noMessages(): StepMessageCounts {
  return {
    owed: 0,
    exactlyOne: 0,
    lost: 0,
    repeats: 0,
    recordedRepeats: 0,
    unrecordedRepeats: 0,
    notMarkedDone: 0,
    longestDelayMs: 0,
    withheld: 0,
    sentAfterStop: 0,
    unowed: 0,
  };
}

/** One channel's messages of the steps: a taken step's each received once (or repeats recorded), a stopped one's never. */
function countStepMessages(
  what: string,
  channel: StepChannel,
  outcomes: readonly StepOutcome[],
  note: (line: string) => void,
): StepMessageCounts {
  const rows = new Map(channel.records.map((row) => [escalationKey(row.alarmId, row.step, row.recipient), row]));
  const counts = noMessages();
  const accounted = new Set<string>();
  for (const { alarm, taken, dueAt } of outcomes) {
    const name = `${alarm.kind} alarm ${alarm.id}`;
    for (const recipient of channel.recipients) {
      const key = escalationKey(alarm.id, ESCALATED_STEP, recipient);
      accounted.add(key);
      const received = channel.received.get(key) ?? 0;
      const row = rows.get(key);
      if (!taken || (alarm.acknowledgedAt !== null && row?.status === 'suppressed')) {
        if (taken) counts.withheld++;
        counts.sentAfterStop += received;
        if (received > 0)
          note(`${name}: step ${what} ${key} received, the ${taken ? what : 'step'} withheld or stopped`);
        continue;
      }
      counts.owed++;
      if (received === 0) counts.lost++;
      if (received === 1) counts.exactlyOne++;
      const repeats = Math.max(0, received - 1);
      const recorded = row?.possibleRepeats ?? 0;
      counts.repeats += repeats;
      counts.recordedRepeats += recorded;
      counts.unrecordedRepeats += Math.max(0, repeats - recorded);
      if (row?.status !== 'sent') counts.notMarkedDone++;
      if (row?.sentAt) counts.longestDelayMs = Math.max(counts.longestDelayMs, row.sentAt - dueAt);
      if (received === 0 || row?.status !== 'sent' || repeats > recorded)
        note(`${name}: step ${what} ${key} received ${received} time(s), delivery ${row?.status ?? 'none'}`);
    }
  }
  for (const [key, received] of channel.received)
    if (!accounted.has(key)) {
      counts.unowed += received;
      note(`step ${what} ${key} received ${received} time(s), owed by no step`);
    }
  return counts;
}

/**
 * Each alarm's step against its record and the messages received: a taken step's e-mails and
 * pushes each received once (or their repeats recorded), a stopped step's never, and no step lost.
 * `note` is told why for each alarm that breaks a rule, as evidence.
 */
export function countEscalations(
  records: EscalationRecords,
  note: (line: string) => void = () => undefined,
): EscalationCounts {
  const counts: EscalationCounts = {
    alarms: records.alarms.length,
    acknowledged: 0,
    taken: 0,
    stoppedByAcknowledgement: 0,
    stoppedByClear: 0,
    stoppedWithoutCause: 0,
    lost: 0,
    stillOwed: 0,
    takenThoughAcknowledged: 0,
    mails: noMessages(),
    pushes: noMessages(),
  };
  const outcomes = stepOutcomes(records, counts, note);
  counts.mails = countStepMessages('mail', records.mail, outcomes, note);
  counts.pushes = countStepMessages('push', records.push, outcomes, note);
  return counts;
}
