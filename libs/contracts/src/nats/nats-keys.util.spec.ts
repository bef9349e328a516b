import { runtimeBucketKey } from './nats-keys.util';

describe('runtimeBucketKey', () => {
  it('keys a network by hardware address and network id', () => {
    expect(runtimeBucketKey('0011aabbccdd', 2)).toBe('0011aabbccdd.2');
  });
});
