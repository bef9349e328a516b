import type { AlarmDto } from '../api/alarms-api.types';
import { compareAlarms, isHandled, isUnacknowledged } from './alarm-order.util';

function alarm(id: number, overrides: Partial<AlarmDto>): AlarmDto {
  return {
    id,
    hwaddr: '00a0b1c2d3e4',
    kind: 'fault',
    networkId: 1,
    title: 'Zone fault',
    location: '',
    openedAt: '2026-11-28T10:00:00.000Z',
    lastEventAt: '2026-11-28T10:00:00.000Z',
    events: 1,
    acknowledgement: null,
    clearedAt: null,
    clearReason: null,
    ...overrides,
  };
}

const ACK = { by: 'Ann', at: '2026-11-28T10:05:00.000Z', note: '' };

describe('compareAlarms', () => {
  it('puts the unacknowledged first, fire first among them, then active before cleared, then the newest', () => {
    const list = [
      alarm(1, { kind: 'fire', acknowledgement: ACK }),
      alarm(2, { kind: 'communication' }),
      alarm(3, { kind: 'fault', clearedAt: '2026-11-28T10:10:00.000Z' }),
      alarm(4, { kind: 'fault', openedAt: '2026-11-28T11:00:00.000Z' }),
      alarm(5, { kind: 'fire', openedAt: '2026-11-28T09:00:00.000Z' }),
      alarm(6, { kind: 'fault' }),
    ];
    expect(list.sort(compareAlarms).map((each) => each.id)).toEqual([5, 4, 6, 3, 2, 1]);
  });
});

describe('isUnacknowledged and isHandled', () => {
  it('counts a cleared alarm nobody acknowledged as waiting, and only an acknowledged and cleared one as handled', () => {
    const cleared = alarm(1, { clearedAt: '2026-11-28T10:10:00.000Z' });
    expect([isUnacknowledged(cleared), isHandled(cleared)]).toEqual([true, false]);
    const acknowledged = alarm(2, { acknowledgement: ACK });
    expect([isUnacknowledged(acknowledged), isHandled(acknowledged)]).toEqual([false, false]);
    expect(isHandled({ ...acknowledged, clearedAt: '2026-11-28T10:10:00.000Z' })).toBe(true);
  });
});
