import { chaosProblems, chaosRows, type ChaosResult } from './chaos-report.util';

function messages(owed: number, longestDelayMs: number) {
  return {
    owed,
    exactlyOne: owed,
    lost: 0,
    repeats: 0,
    recordedRepeats: 0,
    unrecordedRepeats: 0,
    notMarkedDone: 0,
    longestDelayMs,
  };
}

function cleanRun(): ChaosResult {
  return {
    seconds: 60,
    events: { sent: 10, acked: 10, storedOnce: 10, lost: 0, lostAfterAck: 0, duplicated: 0, misdirected: 0 },
    relay: [
      {
        trigger: 'fire',
        alarms: 2,
        exactlyOne: 2,
        withoutEffect: 0,
        pulses: 3,
        repeatedPulses: 1,
        recordedRepeats: 1,
        unrecordedRepeats: 0,
        missingPulses: 0,
        longestDelayMs: 900,
      },
    ],
    mail: {
      owed: 2,
      exactlyOne: 1,
      lost: 0,
      repeats: 1,
      recordedRepeats: 1,
      unrecordedRepeats: 0,
      notMarkedDone: 0,
      longestDelayMs: 700,
    },
    webhook: {
      owed: 2,
      exactlyOne: 2,
      lost: 0,
      repeats: 0,
      recordedRepeats: 0,
      unrecordedRepeats: 0,
      notMarkedDone: 0,
      longestDelayMs: 400,
    },
    push: { ...messages(2, 500), unreadable: 0, refused: 0 },
    escalation: {
      alarms: 4,
      acknowledged: 2,
      taken: 2,
      stoppedByAcknowledgement: 1,
      stoppedByClear: 1,
      stoppedWithoutCause: 0,
      lost: 0,
      stillOwed: 0,
      takenThoughAcknowledged: 0,
      mails: { ...messages(2, 300), withheld: 0, sentAfterStop: 0, unowed: 0 },
      pushes: { ...messages(2, 350), withheld: 1, sentAfterStop: 0, unowed: 0 },
    },
    live: { stored: 10, seenLive: 8, recoveredByRefetch: 2, neverShown: 0 },
    longestAckMs: 300,
    api: { ok: 100, unavailable: 3, serverErrors: 0, unreachable: 4, samples: [] },
    faults: [{ fault: 'kill -9 mailer', recoverySeconds: 1.5, healthWentRed: true }],
    boards: { leaseMs: 5000, longestMs: 1200, overLease: 0 },
  };
}

describe('chaos report', () => {
  it('finds no problem in a run whose repeats are all recorded', () => {
    expect(chaosProblems(cleanRun())).toEqual([]);
    const rows = chaosRows(cleanRun());
    expect(rows).toContainEqual(['recovery', 'kill -9 mailer: all green again', '1.5 s', 'yes']);
    expect(rows).toContainEqual(['mail', 'repeats not recorded', '0', 'yes']);
    expect(rows).toContainEqual(['webhook', 'received again (same webhook-id)', '0', '']);
    expect(rows).toContainEqual(['webhook', 'never received', '0', 'yes']);
    expect(rows).toContainEqual(['push', 'pushes owed (alarms × devices)', '2', '']);
    expect(rows).toContainEqual(['push', 'received again (same alarm and device)', '0', '']);
    expect(rows).toContainEqual(['escalation', 'steps stopped by an acknowledgement', '1', '']);
    expect(rows).toContainEqual(['escalation mail', 'longest step due → delivery recorded sent', '0.3 s', '']);
    expect(rows).toContainEqual([
      'escalation push',
      'withheld by an acknowledgement after the step was taken',
      '1',
      '',
    ]);
  });

  it('judges pushes as mails, and the escalation steps and their mails by the same rule', () => {
    const run = cleanRun();
    run.push = { ...run.push, lost: 1, unrecordedRepeats: 1, unreadable: 2, refused: 1 };
    run.escalation = {
      ...run.escalation,
      lost: 1,
      stoppedWithoutCause: 1,
      takenThoughAcknowledged: 1,
      stillOwed: 1,
      mails: { ...run.escalation.mails, lost: 1, notMarkedDone: 1, repeats: 1, recordedRepeats: 1, unowed: 1 },
      pushes: { ...run.escalation.pushes, unrecordedRepeats: 1, sentAfterStop: 2 },
    };
    expect(chaosProblems(run)).toEqual([
      'push: never received: 1',
      'push: repeats not recorded: 1',
      'push: taken, but no alarm push a registered device can read: 2',
      'push: refused by the push service (VAPID signature not verified): 1',
      'escalation: steps stopped, the alarm neither acknowledged nor cleared: 1',
      'escalation: steps lost (never recorded, failed, or owed long past due): 1',
      'escalation: steps taken though acknowledged before due: 1',
      'escalation mail: never received: 1',
      'escalation mail: delivery rows not marked sent: 1',
      'escalation mail: received, owed by no step: 1',
      'escalation push: repeats not recorded: 1',
      'escalation push: sent after the acknowledgement (or clear) had stopped it: 2',
    ]);
  });

  it("lists a fault's own figures after it, judging those it judges", () => {
    const run = cleanRun();
    run.faults.push({
      fault: 'kill -9 panel-gateway-1',
      recoverySeconds: 1.1,
      healthWentRed: true,
      checks: [
        { figure: 'its 14 panels linked to another copy (bound 17 s)', value: '0.4 s', ok: true },
        { figure: 'new leader of PANEL_EVENTS', value: '5.0 s' },
      ],
    });
    expect(chaosRows(run).slice(-3)).toEqual([
      ['recovery', 'kill -9 panel-gateway-1: all green again', '1.1 s', 'yes'],
      ['recovery', 'kill -9 panel-gateway-1: its 14 panels linked to another copy (bound 17 s)', '0.4 s', 'yes'],
      ['recovery', 'kill -9 panel-gateway-1: new leader of PANEL_EVENTS', '5.0 s', ''],
    ]);
    run.faults[1].checks![0] = {
      figure: 'its 14 panels linked to another copy (bound 17 s)',
      value: 'never',
      ok: false,
    };
    expect(chaosProblems(run)).toEqual([
      'recovery: kill -9 panel-gateway-1: its 14 panels linked to another copy (bound 17 s): never',
    ]);
  });

  it("judges a cluster run's copies of PANEL_EVENTS by whether they hold the same messages", () => {
    const run = cleanRun();
    run.eventCopies = { copies: ['n-1: 10/10', 'n-2: 10/10', 'n-3: 10/10'], agree: true };
    expect(chaosRows(run)).toContainEqual([
      'nats',
      'copies of PANEL_EVENTS alike at the end (messages/last sequence)',
      'n-1: 10/10; n-2: 10/10; n-3: 10/10',
      'yes',
    ]);
    run.eventCopies = { copies: ['n-1: 10/10', 'n-2: 10/10', 'n-3: 7/7'], agree: false };
    expect(chaosProblems(run)).toEqual([
      'nats: copies of PANEL_EVENTS alike at the end (messages/last sequence): n-1: 10/10; n-2: 10/10; n-3: 7/7',
    ]);
  });

  it('names every broken guarantee', () => {
    const run = cleanRun();
    run.events = { ...run.events, storedOnce: 9, lost: 1, lostAfterAck: 1 };
    run.relay[0] = { ...run.relay[0], unrecordedRepeats: 1 };
    run.mail = { ...run.mail, lost: 1, notMarkedDone: 1 };
    run.webhook = { ...run.webhook, unrecordedRepeats: 1 };
    run.live = { ...run.live, neverShown: 3 };
    run.faults.push({ fault: 'kill -9 nats-server', recoverySeconds: null, healthWentRed: true });
    run.boards = { ...run.boards, longestMs: 65_000, overLease: 1 };
    run.api = { ...run.api, serverErrors: 2 };
    expect(chaosProblems(run)).toEqual([
      'events: stored exactly once: 9',
      'events: lost: 1',
      'events: lost after the ack: 1',
      'relay (fire): repeats not recorded: 1',
      'mail: never received: 1',
      'mail: delivery rows not marked sent: 1',
      'webhook: repeats not recorded: 1',
      'live: stored but never shown: 3',
      'boards: holds longer than one lease, never renewed: 1',
      'api: probe answers other 5xx: 2',
      'recovery: kill -9 nats-server: all green again: never',
    ]);
  });
});
