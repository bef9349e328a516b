import { isNotificationResolved } from './notification-status.util';
import { notificationText, notificationTitle } from './notification-text.util';

const desync = {
  id: 7,
  notification_type: 'TIME_DESYNC',
  notification_data: { recorded_time: '2024-05-01T10:00:00Z', panel_time: '2024-05-01T08:55:30Z' },
};

describe('notificationTitle', () => {
  it('titles TIME_DESYNC as the spec does', () => {
    expect(notificationTitle(desync)).toBe('Panel time possibly out of sync');
  });

  it('names unknown types by id', () => {
    expect(notificationTitle({ ...desync, notification_type: 'OTHER' })).toBe('Unknown notification with id 7');
  });
});

describe('notificationText', () => {
  it('explains the recorded and the panel time in UTC', () => {
    expect(notificationText(desync)).toBe(
      'An event was received at 01/05/2024 10:00:00 (UTC) while the panel reported the time as 01/05/2024 08:55:30.',
    );
  });

  it('copes with missing data and unknown types', () => {
    expect(notificationText({ ...desync, notification_data: null })).toContain('an unknown time');
    expect(notificationText({ ...desync, notification_type: 'OTHER' })).toBe('');
  });
});

describe('isNotificationResolved', () => {
  it('is unresolved while resolved_by is empty', () => {
    expect(isNotificationResolved({ resolved_by: null })).toBe(false);
    expect(isNotificationResolved({ resolved_by: '' })).toBe(false);
    expect(isNotificationResolved({ resolved_by: 'Ann Smith' })).toBe(true);
  });
});

describe('relay failure notifications', () => {
  const failure = {
    id: 9,
    notification_type: 'RELAY_FAILURE',
    notification_data: {
      relay_id: 3,
      relay_name: 'Gate',
      trigger: 'fire',
      event_seq: 12,
      error: 'Relay 203.0.113.7:17123 refused the connection',
      failed_at: '2024-05-01T10:00:00Z',
    },
  };

  it('are titled and explained with the reason', () => {
    expect(notificationTitle(failure)).toBe('Relay action failed');
    expect(notificationText(failure)).toBe(
      'Relay Gate did not carry out its fire action (gave up at 01/05/2024 10:00:00 UTC): Relay 203.0.113.7:17123 refused the connection',
    );
  });
});
