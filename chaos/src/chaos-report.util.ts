import type { ApiAnswers } from './api-probe';
import type { EventCounts, LiveCounts, MessageCounts, RelayCounts } from './chaos-counts.util';
import type { EscalationCounts, StepMessageCounts } from './escalation-counts.util';

/** What one fault did to the apps' health and how long they took to be green again by themselves. */
export interface FaultOutcome {
  fault: string;
  /** Seconds from the fault's end (the restart, the reconnect) until every app's /healthz was green; null if never. */
  recoverySeconds: number | null;
  /** Whether some app's /healthz answered anything but 200 after the fault. */
  healthWentRed: boolean;
  /** What the fault aimed at, when it was aimed at in-flight work (e.g. "pulse of a fire action"). */
  detail?: string;
  /** Further figures of the fault (e.g. a NATS server's way back, panels moving to another gateway copy). */
  checks?: FaultCheck[];
}

/** One figure a fault measured; `ok` when it is judged (false breaks the run). */
export interface FaultCheck {
  figure: string;
  value: string;
  ok?: boolean;
}

/** Board locks seen in Redis: how long one holder kept a board. */
export interface BoardHolds {
  leaseMs: number;
  longestMs: number;
  /** Holds that outlived one lease (plus the sampling steps) without being renewed. */
  overLease: number;
}

/** The pushes to the devices, counted as mails are, and what the push service took that counts as none. */
export interface PushCounts extends MessageCounts {
  /** Taken, but not an alarm push readable by a registered device (no such device, or the body does not decrypt). */
  unreadable: number;
  /** Refused by the push service: the VAPID signature did not verify. */
  refused: number;
}

export interface ChaosResult {
  seconds: number;
  events: EventCounts;
  /** The longest time from an event's sending to the gateway's ack of it. */
  longestAckMs: number;
  api: ApiAnswers;
  relay: RelayCounts[];
  mail: MessageCounts;
  /** The alarm site's webhook messages, counted as mails are. */
  webhook: MessageCounts;
  push: PushCounts;
  /** Each alarm's step 2 (everyone with access, by e-mail), stopped by an acknowledgement or taken. */
  escalation: EscalationCounts;
  live: LiveCounts;
  faults: FaultOutcome[];
  boards: BoardHolds;
  /** A cluster run's PANEL_EVENTS as each server holds it once nothing is published ('server: messages/last sequence'). */
  eventCopies?: { copies: string[]; agree: boolean };
}

export const CHAOS_HEADERS = ['area', 'figure', 'value', 'ok'];

type Row = [area: string, figure: string, value: number | string, bad: boolean | undefined];

function seconds(value: number | null): string {
  return value === null ? 'never' : `${value.toFixed(1)} s`;
}

/** One channel's messages: owed, received once, lost, repeats (recorded or not), rows left open, the longest delay. */
function messageRows(
  area: string,
  owedFigure: string,
  idHeader: string,
  done: string,
  counts: MessageCounts,
  delayFigure = `longest alarm → delivery recorded ${done}`,
): Row[] {
  return [
    [area, owedFigure, counts.owed, undefined],
    [area, 'received exactly once', counts.exactlyOne, undefined],
    [area, 'never received', counts.lost, counts.lost > 0],
    [area, `received again (same ${idHeader})`, counts.repeats, undefined],
    [area, 'possible repeats recorded on deliveries', counts.recordedRepeats, undefined],
    [area, 'repeats not recorded', counts.unrecordedRepeats, counts.unrecordedRepeats > 0],
    [area, `delivery rows not marked ${done}`, counts.notMarkedDone, counts.notMarkedDone > 0],
    [area, delayFigure, seconds(counts.longestDelayMs / 1000), undefined],
  ];
}

function pushRows(push: PushCounts): Row[] {
  return [
    ...messageRows('push', 'pushes owed (alarms × devices)', 'alarm and device', 'sent', push),
    ['push', 'taken, but no alarm push a registered device can read', push.unreadable, push.unreadable > 0],
    ['push', 'refused by the push service (VAPID signature not verified)', push.refused, push.refused > 0],
  ];
}

/** A taken step's messages of one channel, then those sent though stopped or withheld, and those no step owed. */
function stepMessageRows(area: string, owedFigure: string, idHeader: string, counts: StepMessageCounts): Row[] {
  return [
    ...messageRows(area, owedFigure, idHeader, 'sent', counts, 'longest step due → delivery recorded sent'),
    [area, 'withheld by an acknowledgement after the step was taken', counts.withheld, undefined],
    [area, 'sent after the acknowledgement (or clear) had stopped it', counts.sentAfterStop, counts.sentAfterStop > 0],
    [area, 'received, owed by no step', counts.unowed, counts.unowed > 0],
  ];
}

/** Steps per alarm (stopped or taken, none lost), then the taken steps' e-mails and pushes. */
function escalationRows(counts: EscalationCounts): Row[] {
  const area = 'escalation';
  return [
    [area, 'alarms opened (each owes step 2 once)', counts.alarms, undefined],
    [area, 'alarms acknowledged', counts.acknowledged, undefined],
    [area, 'steps taken (not acknowledged when due)', counts.taken, undefined],
    [area, 'steps stopped by an acknowledgement', counts.stoppedByAcknowledgement, undefined],
    [area, 'steps stopped by a clear', counts.stoppedByClear, undefined],
    [
      area,
      'steps stopped, the alarm neither acknowledged nor cleared',
      counts.stoppedWithoutCause,
      counts.stoppedWithoutCause > 0,
    ],
    [area, 'steps lost (never recorded, failed, or owed long past due)', counts.lost, counts.lost > 0],
    [area, 'steps still owed, due lately', counts.stillOwed, undefined],
    [
      area,
      'steps taken though acknowledged before due',
      counts.takenThoughAcknowledged,
      counts.takenThoughAcknowledged > 0,
    ],
    ...stepMessageRows(
      'escalation mail',
      'step e-mails owed (taken steps × users with access)',
      'Message-ID',
      counts.mails,
    ),
    ...stepMessageRows(
      'escalation push',
      'step pushes owed (taken steps × their devices)',
      'alarm and device',
      counts.pushes,
    ),
  ];
}

function rowsOf(result: ChaosResult): Row[] {
  const { events, mail, webhook, push, escalation, live, boards } = result;
  const rows: Row[] = [
    ['events', 'sent (distinct panel sequence numbers)', events.sent, undefined],
    ['events', 'acked by the gateway', events.acked, events.acked !== events.sent],
    ['events', 'stored exactly once', events.storedOnce, events.storedOnce !== events.sent],
    ['events', 'lost', events.lost, events.lost > 0],
    ['events', 'lost after the ack', events.lostAfterAck, events.lostAfterAck > 0],
    ['events', 'stored twice (extra rows)', events.duplicated, events.duplicated > 0],
    ['events', 'misdirected (row matches no sent event)', events.misdirected, events.misdirected > 0],
    ['events', 'longest send → ack', seconds(result.longestAckMs / 1000), undefined],
  ];
  for (const relay of result.relay) {
    const area = `relay (${relay.trigger})`;
    rows.push(
      [area, 'alarms', relay.alarms, undefined],
      [area, 'exactly one succeeded run', relay.exactlyOne, relay.exactlyOne !== relay.alarms],
      [area, 'alarms without effect (no run, pending, failed)', relay.withoutEffect, relay.withoutEffect > 0],
      [area, 'pulses seen by the board', relay.pulses, undefined],
      [area, 'repeated pulses', relay.repeatedPulses, undefined],
      [area, 'possible repeats recorded on runs', relay.recordedRepeats, undefined],
      [area, 'repeats not recorded', relay.unrecordedRepeats, relay.unrecordedRepeats > 0],
      [area, 'succeeded runs without a pulse', relay.missingPulses, relay.missingPulses > 0],
      [area, 'longest alarm → run recorded succeeded', seconds(relay.longestDelayMs / 1000), undefined],
    );
  }
  rows.push(
    ...messageRows('mail', 'alert mails owed (alarms × opted-in users)', 'Message-ID', 'sent', mail),
    ...messageRows(
      'webhook',
      "webhook messages owed (alarms × the site's webhook)",
      'webhook-id',
      'delivered',
      webhook,
    ),
    ...pushRows(push),
    ...escalationRows(escalation),
    ['live', 'events stored for the watched sites', live.stored, undefined],
    ['live', 'seen on the live socket', live.seenLive, undefined],
    ['live', 'recovered by a refetch', live.recoveredByRefetch, undefined],
    ['live', 'stored but never shown', live.neverShown, live.neverShown > 0],
    [
      'boards',
      `longest hold of a board (lease ${boards.leaseMs / 1000} s)`,
      `${(boards.longestMs / 1000).toFixed(1)} s`,
      undefined,
    ],
    ['boards', 'holds longer than one lease, never renewed', boards.overLease, boards.overLease > 0],
    ...(result.eventCopies
      ? [
          [
            'nats',
            'copies of PANEL_EVENTS alike at the end (messages/last sequence)',
            result.eventCopies.copies.join('; '),
            !result.eventCopies.agree,
          ] as Row,
        ]
      : []),
    ['api', 'probe answers 200', result.api.ok, undefined],
    ['api', 'probe answers 503 (a dependency away)', result.api.unavailable, undefined],
    ['api', 'probe answers other 5xx', result.api.serverErrors, result.api.serverErrors > 0],
    ['api', 'probe unanswered (portal-api down)', result.api.unreachable, undefined],
  );
  for (const fault of result.faults) {
    const name = fault.detail ? `${fault.fault} (${fault.detail})` : fault.fault;
    rows.push([
      'recovery',
      `${name}: all green again${fault.healthWentRed ? '' : ', never red'}`,
      seconds(fault.recoverySeconds),
      fault.recoverySeconds === null,
    ]);
    for (const check of fault.checks ?? [])
      rows.push([
        'recovery',
        `${fault.fault}: ${check.figure}`,
        check.value,
        check.ok === undefined ? undefined : !check.ok,
      ]);
  }
  return rows;
}

/** Rows of the run's table: area, figure, value, and NO where the figure breaks a guarantee. */
export function chaosRows(result: ChaosResult): string[][] {
  return rowsOf(result).map(([area, figure, value, bad]) => [
    area,
    figure,
    String(value),
    bad === undefined ? '' : bad ? 'NO' : 'yes',
  ]);
}

/** Every broken guarantee, one line each; the run fails when there is any. */
export function chaosProblems(result: ChaosResult): string[] {
  return rowsOf(result)
    .filter(([, , , bad]) => bad)
    .map(([area, figure, value]) => `${area}: ${figure}: ${value}`);
}
