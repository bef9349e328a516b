import { eventCorrelationId, panelEventKey, panelEventLogFields } from './event-key.util';

describe('panel event keys', () => {
  it('name one event by panel and sequence, and its correlation id after it', () => {
    expect(panelEventKey('0011aabbccdd', 17)).toBe('0011aabbccdd-17');
    expect(eventCorrelationId('0011aabbccdd', 17)).toBe('evt-0011aabbccdd-17');
    expect(panelEventLogFields({ hwaddr: '0011aabbccdd', networkId: 2, seq: 17 })).toEqual({
      correlationId: 'evt-0011aabbccdd-17',
      hwaddr: '0011aabbccdd',
      networkId: 2,
      seq: 17,
    });
  });
});
