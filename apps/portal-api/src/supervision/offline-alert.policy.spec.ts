import { lossNotificationData, mayMailLoss, restoredNotificationData } from './offline-alert.policy';

const at = (time: string) => new Date(`2026-05-01T${time}Z`);
const HALF_HOUR = 30 * 60 * 1000;

describe('the flap rule', () => {
  it('mails the first loss of a site', () => {
    expect(mayMailLoss(null, at('10:00:00'), HALF_HOUR)).toBe(true);
  });

  it('holds back a loss within the interval of the last mailed one, and mails once it has passed', () => {
    expect(mayMailLoss(at('10:00:00'), at('10:29:59'), HALF_HOUR)).toBe(false);
    expect(mayMailLoss(at('10:00:00'), at('10:30:00'), HALF_HOUR)).toBe(true);
  });

  it('mails every loss when the interval is 0', () => {
    expect(mayMailLoss(at('10:00:00'), at('10:00:00'), 0)).toBe(true);
  });
});

describe('PANEL_OFFLINE data', () => {
  it('of a loss of its own: one loss, offline since it', () => {
    expect(lossNotificationData(at('10:00:00'), null)).toEqual({
      lost_at: '2026-05-01T10:00:00.000Z',
      restored_at: null,
      losses: 1,
      first_lost_at: '2026-05-01T10:00:00.000Z',
    });
  });

  it('of a loss re-opening the last notification: one more loss, offline since the new one', () => {
    const restored = restoredNotificationData(lossNotificationData(at('10:00:00'), null), at('10:05:00'));
    expect(restored).toEqual({
      lost_at: '2026-05-01T10:00:00.000Z',
      restored_at: '2026-05-01T10:05:00.000Z',
      losses: 1,
      first_lost_at: '2026-05-01T10:00:00.000Z',
    });
    expect(lossNotificationData(at('10:09:00'), restored)).toEqual({
      lost_at: '2026-05-01T10:09:00.000Z',
      restored_at: null,
      losses: 2,
      first_lost_at: '2026-05-01T10:00:00.000Z',
    });
  });
});
