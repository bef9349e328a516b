import type { AlarmDto } from '@app/contracts';
import { alarmsReceived } from '../livefeed/livefeed.actions';
import { sessionCleared } from '../shared/session-cleared.action';
import { alarmOf } from '../../test/fake-alarms-api.util';
import {
  alarmAcknowledged,
  alarmAcknowledgeFailed,
  alarmAcknowledgeOpened,
  alarmAcknowledgeRequested,
  alarmsLoaded,
  alarmsSlice,
  initialAlarmsState,
} from './alarms.slice';

const reduce = alarmsSlice.reducer;
const live = (...alarms: AlarmDto[]) => alarmsReceived(alarms.map((alarm) => ({ hwaddr: alarm.hwaddr, alarm })));
const byId = (list: AlarmDto[]) => Object.fromEntries(list.map((alarm) => [alarm.id, alarm]));
const acknowledgement = { by: 'Ann Smith', at: '2026-11-28T10:05:00.000Z', note: '' };

describe('alarms: a fetched list read after newer live messages', () => {
  it('keeps an alarm that opened live while an older list was on its way', () => {
    let state = reduce(initialAlarmsState, alarmsLoaded([alarmOf(1)]));
    state = reduce(state, live(alarmOf(2, { kind: 'fire' })));
    // The answer of a fetch made before alarm 2 opened.
    state = reduce(state, alarmsLoaded([alarmOf(1)]));
    expect(Object.keys(byId(state.list))).toEqual(['1', '2']);
  });

  it('keeps the later copy of an alarm: more events, acknowledged, cleared', () => {
    let state = reduce(initialAlarmsState, alarmsLoaded([alarmOf(1), alarmOf(2)]));
    state = reduce(
      state,
      live(alarmOf(1, { events: 3, lastEventAt: '2026-11-28T10:02:00.000Z' }), alarmOf(2, { acknowledgement })),
    );
    state = reduce(state, alarmsLoaded([alarmOf(1), alarmOf(2)]));
    expect(byId(state.list)[1].events).toBe(3);
    expect(byId(state.list)[2].acknowledgement).toEqual(acknowledgement);

    // A live copy older than one already known (sent before it) changes nothing.
    state = reduce(state, live(alarmOf(2)));
    expect(byId(state.list)[2].acknowledgement).toEqual(acknowledgement);

    // A fetch that is newer wins.
    const cleared = alarmOf(2, { acknowledgement, clearedAt: '2026-11-28T10:10:00.000Z', clearReason: 'Gone' });
    state = reduce(state, alarmsLoaded([alarmOf(1, { events: 3 }), cleared]));
    expect(byId(state.list)[2]).toEqual(cleared);
  });

  it('takes a later fetch whole once the live alarms were merged in', () => {
    let state = reduce(initialAlarmsState, live(alarmOf(3)));
    state = reduce(state, alarmsLoaded([alarmOf(3)]));
    expect(state.liveSinceLoad).toEqual([]);
    state = reduce(state, alarmsLoaded([alarmOf(4)]));
    expect(state.list.map((alarm) => alarm.id)).toEqual([4]);
  });

  it('forgets everything when the session ends', () => {
    const state = reduce(reduce(initialAlarmsState, alarmsLoaded([alarmOf(1)])), sessionCleared({ notice: null }));
    expect(state).toEqual(initialAlarmsState);
  });
});

describe('alarms: the Acknowledge dialog', () => {
  it('is open for one alarm, pending while asked, closed by the answer, which is put in the list', () => {
    let state = reduce(initialAlarmsState, alarmsLoaded([alarmOf(1)]));
    state = reduce(state, alarmAcknowledgeOpened(1));
    state = reduce(state, alarmAcknowledgeRequested({ id: 1, note: 'On my way' }));
    expect(state.acknowledge).toMatchObject({ alarmId: 1, status: { pending: true } });

    const answered = alarmOf(1, { acknowledgement: { ...acknowledgement, note: 'On my way' } });
    state = reduce(state, alarmAcknowledged(answered));
    expect(state.acknowledge).toMatchObject({ alarmId: null, status: { done: true } });
    expect(state.list).toEqual([answered]);
    expect(state.liveSinceLoad).toEqual([answered]);
  });

  it("keeps a refusal in the dialog it was asked from, and drops another alarm's", () => {
    let state = reduce(initialAlarmsState, alarmAcknowledgeOpened(1));
    state = reduce(state, alarmAcknowledgeFailed({ id: 2, error: 'Alarm not found' }));
    expect(state.acknowledge.status.error).toBeNull();
    state = reduce(state, alarmAcknowledgeFailed({ id: 1, error: 'This alarm is already acknowledged' }));
    expect(state.acknowledge).toMatchObject({ alarmId: 1, status: { error: 'This alarm is already acknowledged' } });
  });
});
