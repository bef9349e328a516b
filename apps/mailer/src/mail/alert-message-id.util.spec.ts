import { alertMessageId, outageMessageId } from './alert-message-id.util';

describe('alertMessageId', () => {
  const user = 'c0ffee00-0000-4000-8000-000000000001';

  it('is the same for every send of one event to one user', () => {
    const first = alertMessageId('0011aabbccdd', 17, user, 'Fire Alarm Portal <alarms@example.com>');
    expect(alertMessageId('0011aabbccdd', 17, user, 'Fire Alarm Portal <alarms@example.com>')).toBe(first);
    expect(first).toBe(`<alert.0011aabbccdd.17.${user}@example.com>`);
  });

  it('differs per event and per user', () => {
    const other = 'c0ffee00-0000-4000-8000-000000000002';
    expect(alertMessageId('0011aabbccdd', 18, user, 'alarms@example.com')).not.toBe(
      alertMessageId('0011aabbccdd', 17, user, 'alarms@example.com'),
    );
    expect(alertMessageId('0011aabbccdd', 17, other, 'alarms@example.com')).not.toBe(
      alertMessageId('0011aabbccdd', 17, user, 'alarms@example.com'),
    );
  });

  it("names an outage's lost and restored mails apart, the same on every send", () => {
    const from = 'Fire Alarm Portal <alarms@example.com>';
    expect(outageMessageId('panel-offline', '0011aabbccdd', 4, user, from)).toBe(
      `<panel-offline.0011aabbccdd.4.${user}@example.com>`,
    );
    expect(outageMessageId('panel-online', '0011aabbccdd', 4, user, from)).not.toBe(
      outageMessageId('panel-offline', '0011aabbccdd', 4, user, from),
    );
  });
});
