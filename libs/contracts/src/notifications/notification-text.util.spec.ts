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

  it('names the panel whose event it was, and the sync that set its clock', () => {
    const data = { ...desync.notification_data, network_id: 2 };
    expect(notificationText({ ...desync, notification_data: data })).toBe(
      'An event from panel 2 was received at 01/05/2024 10:00:00 (UTC) while the panel reported the time as 01/05/2024 08:55:30.',
    );
    const synced = { ...data, synced_at: '2024-05-01T10:02:00Z', synced_by: 'Ann Smith' };
    expect(notificationText({ ...desync, notification_data: synced })).toBe(
      'An event from panel 2 was received at 01/05/2024 10:00:00 (UTC) while the panel reported the time as ' +
        "01/05/2024 08:55:30. Its clock was set to the portal's time at 01/05/2024 10:02:00 (UTC) by Ann Smith.",
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

describe('panel communication lost notifications', () => {
  const offline = {
    id: 11,
    notification_type: 'PANEL_OFFLINE',
    notification_data: {
      lost_at: '2024-05-01T10:00:00Z',
      restored_at: null,
      losses: 1,
      first_lost_at: '2024-05-01T10:00:00Z',
    },
  };

  it('are titled and say since when', () => {
    expect(notificationTitle(offline)).toBe('Panel communication lost');
    expect(notificationText(offline)).toBe('No communication with the panel since 01/05/2024 10:00:00 (UTC).');
  });

  it('say when communication came back', () => {
    const restored = {
      ...offline,
      notification_data: { ...offline.notification_data, restored_at: '2024-05-01T10:07:12Z' },
    };
    expect(notificationText(restored)).toBe(
      'No communication with the panel from 01/05/2024 10:00:00 (UTC). Communication restored at 01/05/2024 10:07:12 (UTC).',
    );
  });

  it('count the losses of a panel lost again', () => {
    const again = {
      ...offline,
      notification_data: { ...offline.notification_data, lost_at: '2024-05-01T10:20:00Z', losses: 3 },
    };
    expect(notificationText(again)).toBe(
      'No communication with the panel since 01/05/2024 10:20:00 (UTC). Communication was lost 3 times since 01/05/2024 10:00:00 (UTC).',
    );
  });
});
