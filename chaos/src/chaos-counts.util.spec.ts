import {
  alertMailKey,
  countEvents,
  countLive,
  alarmWebhookKey,
  alarmPushKey,
  countMessages,
  readAlarmPush,
  countRelay,
  eventKey,
  type SentEvent,
} from './chaos-counts.util';

const A = 'c00000000001';
const B = 'c00000000002';

function sent(hwaddr: string, seq: number, category: SentEvent['category'] = 'system'): SentEvent {
  return { hwaddr, seq, category, title: `T${hwaddr}-${seq}` };
}

describe('countEvents', () => {
  const events = [sent(A, 1), sent(A, 2), sent(B, 1), sent(B, 2)];

  it('counts each sent event stored once as such', () => {
    const stored = events.map((event, index) => ({ id: index + 1, ...event }));
    const acked = new Set(events.map((event) => eventKey(event.hwaddr, event.seq)));
    expect(countEvents(events, acked, stored)).toEqual({
      sent: 4,
      acked: 4,
      storedOnce: 4,
      lost: 0,
      lostAfterAck: 0,
      duplicated: 0,
      misdirected: 0,
    });
  });

  it('tells a loss after the ack from a loss the panel still holds', () => {
    const stored = [
      { id: 1, ...events[0] },
      { id: 2, ...events[2] },
    ];
    const acked = new Set([eventKey(A, 1), eventKey(A, 2), eventKey(B, 1)]);
    expect(countEvents(events, acked, stored)).toMatchObject({ storedOnce: 2, lost: 2, lostAfterAck: 1 });
  });

  it('counts an event stored under another sequence number as a duplicate, a stranger row as misdirected', () => {
    const stored = [
      { id: 1, ...events[0] },
      { id: 2, ...events[1] },
      { id: 3, hwaddr: A, seq: 3, title: events[0].title },
      { id: 4, hwaddr: B, seq: 1, title: 'someone else' },
      { id: 5, ...events[3] },
    ];
    const counts = countEvents([...events, { ...events[0], seq: 3 }], new Set(), stored);
    expect(counts).toMatchObject({ duplicated: 1, misdirected: 1, lost: 1 });
    expect(counts.storedOnce).toBe(2);
  });
});

describe('countRelay', () => {
  const alarms = [sent(A, 1, 'fire'), sent(A, 2, 'fault'), sent(A, 3, 'fire'), sent(A, 4, 'system')];

  it('expects one succeeded run and one pulse per alarm of the trigger', () => {
    const runs = [
      { trigger: 'fire' as const, eventSeq: 1, status: 'succeeded', attempts: 1, possibleRepeats: 0 },
      { trigger: 'fire' as const, eventSeq: 3, status: 'succeeded', attempts: 1, possibleRepeats: 0 },
      { trigger: 'fault' as const, eventSeq: 2, status: 'succeeded', attempts: 1, possibleRepeats: 0 },
    ];
    expect(countRelay('fire', alarms, runs, 2)).toEqual({
      trigger: 'fire',
      alarms: 2,
      exactlyOne: 2,
      withoutEffect: 0,
      pulses: 2,
      repeatedPulses: 0,
      recordedRepeats: 0,
      unrecordedRepeats: 0,
      missingPulses: 0,
      longestDelayMs: 0,
    });
    expect(countRelay('fault', alarms, runs, 1)).toMatchObject({ alarms: 1, exactlyOne: 1, withoutEffect: 0 });
  });

  it('accepts a repeated pulse only when a run records it', () => {
    const runs = [
      { trigger: 'fire' as const, eventSeq: 1, status: 'succeeded', attempts: 2, possibleRepeats: 1 },
      { trigger: 'fire' as const, eventSeq: 3, status: 'succeeded', attempts: 1, possibleRepeats: 0 },
    ];
    expect(countRelay('fire', alarms, runs, 3)).toMatchObject({
      repeatedPulses: 1,
      recordedRepeats: 1,
      unrecordedRepeats: 0,
    });
    expect(countRelay('fire', alarms, runs, 4)).toMatchObject({ repeatedPulses: 2, unrecordedRepeats: 1 });
  });

  it('measures the longest time from an alarm to its first succeeded run', () => {
    const timed = [
      { ...alarms[0], at: 1000 },
      { ...alarms[2], at: 5000 },
    ];
    const runs = [
      { trigger: 'fire' as const, eventSeq: 1, status: 'succeeded', attempts: 1, possibleRepeats: 0, finishedAt: 1400 },
      {
        trigger: 'fire' as const,
        eventSeq: 3,
        status: 'succeeded',
        attempts: 2,
        possibleRepeats: 0,
        finishedAt: 12_000,
      },
    ];
    expect(countRelay('fire', timed, runs, 2).longestDelayMs).toBe(7000);
  });

  it('counts an alarm whose run stays pending, or that has none, as without effect', () => {
    const runs = [{ trigger: 'fire' as const, eventSeq: 1, status: 'pending', attempts: 3, possibleRepeats: 1 }];
    expect(countRelay('fire', alarms, runs, 1)).toMatchObject({
      exactlyOne: 0,
      withoutEffect: 2,
      repeatedPulses: 1,
      unrecordedRepeats: 0,
    });
  });
});

describe('alertMailKey', () => {
  it('reads the alarm and user from the Message-ID header', () => {
    const text = `From: x\r\nMessage-ID: <alert.${A}.17.0b1c-22ff@localhost>\r\nSubject: Fire\r\n\r\nbody`;
    expect(alertMailKey(text)).toBe(`${A}/17/0b1c-22ff`);
    expect(alertMailKey('Message-ID: <reset.1@localhost>\r\n')).toBeUndefined();
  });
});

describe('alarmWebhookKey', () => {
  it("reads an alarm's webhook-id, and nothing else", () => {
    expect(alarmWebhookKey(`alarm-${A}-17`)).toBe(`${A}/17/webhook`);
    expect(alarmWebhookKey('outage-4-lost')).toBeUndefined();
    expect(alarmWebhookKey(`test-${A}-1`)).toBeUndefined();
  });
});

describe('readAlarmPush', () => {
  const body = (message: object) => JSON.stringify(message);
  const push = { type: 'alarm', alarmId: 42, hwaddr: A, seq: 17, kind: 'fire', title: 'FIRE: Depot' };

  it("reads the alarm and the event from a push's decrypted body; a step's push has no event", () => {
    expect(readAlarmPush(body(push))).toEqual({ alarmId: 42, hwaddr: A, seq: 17 });
    expect(readAlarmPush(body({ ...push, alarmId: null }))).toEqual({ alarmId: null, hwaddr: A, seq: 17 });
    expect(readAlarmPush(body({ ...push, seq: null }))).toEqual({ alarmId: 42, hwaddr: A, seq: null });
  });

  it('reads nothing from a test push or a body that is not JSON', () => {
    expect(readAlarmPush(body({ type: 'test', title: 'Alerts are on' }))).toBeUndefined();
    expect(readAlarmPush('not json')).toBeUndefined();
    expect(readAlarmPush('null')).toBeUndefined();
  });
});

describe('alarmPushKey', () => {
  it("keys an event's push by the event and the device, and not a step's push", () => {
    expect(alarmPushKey({ alarmId: 42, hwaddr: A, seq: 17 }, '7')).toBe(`${A}/17/7`);
    expect(alarmPushKey({ alarmId: 42, hwaddr: A, seq: null }, '7')).toBeUndefined();
  });
});

describe('countMessages', () => {
  const alarms = [sent(A, 1, 'fire'), sent(A, 2, 'fault')];
  const row = (seq: number, done: boolean, possibleRepeats: number) => ({
    hwaddr: A,
    eventSeq: seq,
    recipient: 'u1',
    done,
    status: done ? 'sent' : 'queued',
    possibleRepeats,
  });

  it('owes one message per alarm and recipient', () => {
    const received = new Map([
      [`${A}/1/u1`, 1],
      [`${A}/2/u1`, 1],
    ]);
    expect(countMessages(alarms, ['u1'], received, [row(1, true, 0), row(2, true, 0)])).toEqual({
      owed: 2,
      exactlyOne: 2,
      lost: 0,
      repeats: 0,
      recordedRepeats: 0,
      unrecordedRepeats: 0,
      notMarkedDone: 0,
      longestDelayMs: 0,
    });
  });

  it('owes each recipient its own: a push to one device does not stand for another', () => {
    const push = (seq: number, device: string) => ({ ...row(seq, true, 0), recipient: device });
    const received = new Map([
      [`${A}/1/7`, 1],
      [`${A}/2/7`, 1],
      [`${A}/1/8`, 2],
    ]);
    const rows = [push(1, '7'), push(2, '7'), push(1, '8'), push(2, '8')];
    expect(countMessages(alarms, ['7', '8'], received, rows)).toMatchObject({
      owed: 4,
      exactlyOne: 2,
      lost: 1,
      repeats: 1,
      unrecordedRepeats: 1,
    });
  });

  it('tells a recorded repeat from an unrecorded one, and a lost message left owed', () => {
    const received = new Map([[`${A}/1/u1`, 3]]);
    expect(countMessages(alarms, ['u1'], received, [row(1, true, 1), row(2, false, 0)])).toMatchObject({
      exactlyOne: 0,
      lost: 1,
      repeats: 2,
      recordedRepeats: 1,
      unrecordedRepeats: 1,
      notMarkedDone: 1,
    });
  });
});

describe('countLive', () => {
  it('splits stored events into seen live, recovered by refetch and never shown', () => {
    expect(countLive([1, 2, 3, 4], new Set([1, 2]), new Set([2, 3]))).toEqual({
      stored: 4,
      seenLive: 2,
      recoveredByRefetch: 1,
      neverShown: 1,
    });
  });
});
