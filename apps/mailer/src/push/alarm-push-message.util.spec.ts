import { outagePushMessage } from './alarm-push-message.util';

describe('outagePushMessage', () => {
  const outage = {
    hwaddr: '0a1b2c3d4e5f',
    lostAt: new Date('2026-11-29T03:10:00Z'),
    restoredAt: new Date('2026-11-29T03:25:30Z'),
  };

  it('tells a loss by the user’s name for the site, since when, opening the communication alarm', () => {
    expect(outagePushMessage({ ...outage, restoredAt: null }, 'lost', 'Warehouse', 42)).toEqual({
      type: 'alarm',
      alarmId: 42,
      hwaddr: '0a1b2c3d4e5f',
      seq: null,
      kind: 'communication',
      title: 'Communication lost: Warehouse',
      body: 'No communication with the panel since 29/11/2026 03:10:00 UTC: its fires and faults do not reach the portal',
      path: '/alarms/42',
      receivedAt: '2026-11-29T03:10:00.000Z',
    });
  });

  it('tells a return with both times, under the same alarm (its notification replaces the loss’s)', () => {
    expect(outagePushMessage(outage, 'restored', '', 42)).toMatchObject({
      alarmId: 42,
      title: 'Communication restored: 0A:1B:2C:3D:4E:5F',
      body: 'The panel is connected again since 29/11/2026 03:25:30 UTC (lost at 29/11/2026 03:10:00 UTC)',
      receivedAt: '2026-11-29T03:25:30.000Z',
    });
  });

  it('opens the Alarms view when no alarm was recorded for the outage', () => {
    expect(outagePushMessage(outage, 'lost', 'Warehouse', null)).toMatchObject({ alarmId: null, path: '/alarms' });
  });
});
