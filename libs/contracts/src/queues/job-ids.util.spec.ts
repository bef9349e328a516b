import { eventMailJobId, panelOutageMailJobId, relayJobId } from './job-ids.util';

describe('job ids', () => {
  it('derive one id per event and target, without colons', () => {
    expect(relayJobId('0011aabbccdd', 17, 3)).toBe('relay-0011aabbccdd-17-3');
    expect(eventMailJobId('0011aabbccdd', 17, 'c0ffee00-0000-4000-8000-000000000001')).toBe(
      'mail-0011aabbccdd-17-c0ffee00-0000-4000-8000-000000000001',
    );
    expect(eventMailJobId('0011aabbccdd', 1, 'user:9')).toBe('mail-0011aabbccdd-1-user_9');
    expect(panelOutageMailJobId('panel-offline', '0011aabbccdd', 4, 'user:9')).toBe(
      'panel-offline-0011aabbccdd-4-user_9',
    );
    expect(panelOutageMailJobId('panel-online', '0011aabbccdd', 4, 'user:9')).toBe(
      'panel-online-0011aabbccdd-4-user_9',
    );
  });

  it('differ when any part differs', () => {
    expect(relayJobId('0011aabbccdd', 17, 3)).not.toBe(relayJobId('0011aabbccdd', 17, 4));
    expect(relayJobId('0011aabbccdd', 17, 3)).not.toBe(relayJobId('0011aabbccdd', 18, 3));
  });
});
