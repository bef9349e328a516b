import { readConsumerConfig } from './consumer-config';

describe('readConsumerConfig', () => {
  it('dead-letters after 5 deliveries and reports a stall after 60 s by default', () => {
    expect(readConsumerConfig({})).toEqual({ maxDeliveries: 5, stallWindowMs: 60_000 });
  });

  it('reads both variables', () => {
    expect(readConsumerConfig({ CONSUMER_MAX_DELIVERIES: '3', CONSUMER_STALL_WINDOW: '2m' })).toEqual({
      maxDeliveries: 3,
      stallWindowMs: 120_000,
    });
  });

  it.each([
    [
      'CONSUMER_MAX_DELIVERIES',
      '0',
      "Invalid configuration: CONSUMER_MAX_DELIVERIES must be an integer from 1 to 100, got '0'",
    ],
    [
      'CONSUMER_STALL_WINDOW',
      'soon',
      "Invalid configuration: CONSUMER_STALL_WINDOW must be a duration such as 90s, 15m, 1h or 7d, got 'soon'",
    ],
  ])('names a bad %s', (variable, value, message) => {
    expect(() => readConsumerConfig({ [variable]: value })).toThrow(message);
  });
});
