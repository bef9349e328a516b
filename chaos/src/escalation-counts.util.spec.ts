import {
  countEscalations,
  escalationKey,
  escalationMailKey,
  escalationPushKey,
  type AlarmRecord,
  type EscalationRecords,
  type EscalationStepRecord,
  type StepMessageRecord,
} from './escalation-counts.util';

const ANN = '0b1c22ff-0000-4000-8000-000000000001';
const BOB = '0b1c22ff-0000-4000-8000-000000000002';
const PHONE = '7';
const NOW = 100_000;

function alarm(id: number, acknowledgedAt: number | null = null, clearedAt: number | null = null): AlarmRecord {
  return { id, kind: 'fire', acknowledgedAt, clearedAt };
}

function step(alarmId: number, status: string, dueAt = 10_000): EscalationStepRecord {
  return { alarmId, step: 2, status, dueAt };
}

function message(alarmId: number, recipient: string, status = 'sent', possibleRepeats = 0): StepMessageRecord {
  return { alarmId, step: 2, recipient, status, possibleRepeats, sentAt: status === 'sent' ? 10_400 : null };
}

const received = (...keys: Array<[number, string, number]>) =>
  new Map(keys.map(([alarmId, recipient, times]) => [escalationKey(alarmId, 2, recipient), times]));

/** Ann and Bob have access, by mail; Ann's phone, by push; nothing recorded or received unless given. */
function records(partial: Partial<EscalationRecords>): EscalationRecords {
  return {
    alarms: [],
    steps: [],
    mail: { recipients: [ANN, BOB], records: [], received: new Map() },
    push: { recipients: [PHONE], records: [], received: new Map() },
    countedAt: NOW,
    lostAfterMs: 40_000,
    ...partial,
  };
}

describe('escalationMailKey', () => {
  it("reads the alarm, step and user from a step mail's Message-ID, and nothing else", () => {
    const text = `From: x\r\nMessage-ID: <escalation.42.2.${ANN}@portal.example.com>\r\nSubject: Fire\r\n\r\nbody`;
    expect(escalationMailKey(text)).toBe(`42/2/${ANN}`);
    expect(escalationMailKey(`Message-ID: <alert.c00000000001.17.${ANN}@localhost>\r\n`)).toBeUndefined();
  });
});

describe('escalationPushKey', () => {
  it("reads a step's push (an alarm, no event) as step 2's, and not an event's push", () => {
    expect(escalationPushKey({ alarmId: 42, hwaddr: 'c00000000001', seq: null }, PHONE)).toBe(`42/2/${PHONE}`);
    expect(escalationPushKey({ alarmId: 42, hwaddr: 'c00000000001', seq: 17 }, PHONE)).toBeUndefined();
    expect(escalationPushKey({ alarmId: null, hwaddr: 'c00000000001', seq: null }, PHONE)).toBeUndefined();
  });
});

describe('countEscalations', () => {
  it("owes an unacknowledged alarm's taken step one mail per user with access and one push per device, an acknowledged one's none", () => {
    const counts = countEscalations(
      records({
        alarms: [alarm(1), alarm(2, 9_000)],
        steps: [step(1, 'sent'), step(2, 'stopped')],
        mail: {
          recipients: [ANN, BOB],
          records: [message(1, ANN), message(1, BOB)],
          received: received([1, ANN, 1], [1, BOB, 1]),
        },
        push: { recipients: [PHONE], records: [message(1, PHONE)], received: received([1, PHONE, 1]) },
      }),
    );
    const once = (owed: number) => ({
      owed,
      exactlyOne: owed,
      lost: 0,
      repeats: 0,
      recordedRepeats: 0,
      unrecordedRepeats: 0,
      notMarkedDone: 0,
      longestDelayMs: 400,
      withheld: 0,
      sentAfterStop: 0,
      unowed: 0,
    });
    expect(counts).toEqual({
      alarms: 2,
      acknowledged: 1,
      taken: 1,
      stoppedByAcknowledgement: 1,
      stoppedByClear: 0,
      stoppedWithoutCause: 0,
      lost: 0,
      stillOwed: 0,
      takenThoughAcknowledged: 0,
      mails: once(2),
      pushes: once(1),
    });
  });

  it('counts a message received of a stopped step, or withheld by the acknowledgement, as sent after it', () => {
    const notes: string[] = [];
    const counts = countEscalations(
      records({
        alarms: [alarm(1, 9_000), alarm(2, 10_200)],
        steps: [step(1, 'stopped'), step(2, 'sent')],
        // Alarm 2 acknowledged after its step was taken: Ann's mail had begun, Bob's and the push were withheld.
        mail: {
          recipients: [ANN, BOB],
          records: [message(2, ANN), message(2, BOB, 'suppressed')],
          received: received([1, ANN, 1], [2, ANN, 1], [2, BOB, 1]),
        },
        push: { recipients: [PHONE], records: [message(2, PHONE, 'suppressed')], received: received([1, PHONE, 1]) },
      }),
      (line) => notes.push(line),
    );
    expect(counts).toMatchObject({ taken: 1, takenThoughAcknowledged: 0 });
    expect(counts.mails).toMatchObject({ owed: 1, exactlyOne: 1, lost: 0, withheld: 1, sentAfterStop: 2 });
    expect(counts.pushes).toMatchObject({ owed: 0, withheld: 1, sentAfterStop: 1 });
    expect(notes).toEqual([
      `fire alarm 1: step mail 1/2/${ANN} received, the step withheld or stopped`,
      `fire alarm 2: step mail 2/2/${BOB} received, the mail withheld or stopped`,
      `fire alarm 1: step push 1/2/${PHONE} received, the step withheld or stopped`,
    ]);
  });

  it('counts a step never recorded, failed, or owed long past its due time as lost; one due lately as still owed', () => {
    const counts = countEscalations(
      records({
        alarms: [alarm(1), alarm(2), alarm(3), alarm(4)],
        steps: [step(2, 'failed'), step(3, 'owed', NOW - 41_000), step(4, 'owed', NOW - 39_000)],
      }),
    );
    expect(counts).toMatchObject({ lost: 3, stillOwed: 1, taken: 0 });
    expect(counts.mails.owed).toBe(0);
  });

  it('tells a stop by a clear from a stop with no cause, and a step taken though acknowledged before it was due', () => {
    const counts = countEscalations(
      records({
        alarms: [alarm(1, null, 9_500), alarm(2), alarm(3, 9_000)],
        steps: [step(1, 'stopped'), step(2, 'stopped'), step(3, 'sent')],
      }),
    );
    expect(counts).toMatchObject({ stoppedByClear: 1, stoppedWithoutCause: 1, takenThoughAcknowledged: 1 });
  });

  it("tells a recorded repeat from an unrecorded one, and counts a taken step's message never received or left queued", () => {
    const counts = countEscalations(
      records({
        alarms: [alarm(1), alarm(2)],
        steps: [step(1, 'sent'), step(2, 'sent')],
        mail: {
          recipients: [ANN, BOB],
          // A mail withheld without an acknowledgement is still owed: never sent, it is lost.
          records: [
            message(1, ANN, 'sent', 1),
            message(1, BOB, 'sent', 0),
            message(2, ANN, 'queued'),
            message(2, BOB, 'suppressed'),
          ],
          received: received([1, ANN, 2], [1, BOB, 2]),
        },
      }),
    );
    expect(counts.mails).toMatchObject({
      owed: 4,
      exactlyOne: 0,
      lost: 2,
      repeats: 2,
      recordedRepeats: 1,
      unrecordedRepeats: 1,
      notMarkedDone: 2,
      withheld: 0,
    });
    // The phone's pushes of both steps: never recorded, never received.
    expect(counts.pushes).toMatchObject({ owed: 2, lost: 2, notMarkedDone: 2 });
  });

  it('counts messages no step owed: another step, an unknown alarm, a recipient without access', () => {
    const counts = countEscalations(
      records({
        alarms: [alarm(1)],
        steps: [step(1, 'sent')],
        mail: {
          recipients: [ANN],
          records: [message(1, ANN), message(1, BOB)],
          received: new Map([
            [escalationKey(1, 2, ANN), 1],
            [escalationKey(1, 2, BOB), 1],
            [escalationKey(1, 3, ANN), 1],
            [escalationKey(9, 2, ANN), 2],
          ]),
        },
      }),
    );
    expect(counts.mails).toMatchObject({ owed: 1, exactlyOne: 1, unowed: 4 });
  });
});
