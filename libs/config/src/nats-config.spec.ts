import { ConfigError } from './config-error';
import { NatsConfig, readNatsConfig } from './config-sections';

describe('readNatsConfig', () => {
  it('keeps one copy of each stream unless told otherwise', () => {
    expect(readNatsConfig({}).streamReplicas).toBe(1);
    expect(readNatsConfig({ NATS_STREAM_REPLICAS: '' }).streamReplicas).toBe(1);
    expect(new NatsConfig(['nats://127.0.0.1:4222'], '').streamReplicas).toBe(1);
  });

  it.each([
    ['1', 1],
    ['3', 3],
    [' 5 ', 5],
  ])('reads NATS_STREAM_REPLICAS=%j as %d', (raw, replicas) => {
    expect(readNatsConfig({ NATS_STREAM_REPLICAS: raw }).streamReplicas).toBe(replicas);
  });

  it.each(['0', '2', '4', '7', '3.0', 'three', '-3'])('refuses NATS_STREAM_REPLICAS=%j, naming the variable', (raw) => {
    const read = () => readNatsConfig({ NATS_STREAM_REPLICAS: raw });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(`Invalid configuration: NATS_STREAM_REPLICAS must be one of 1, 3, 5, got '${raw.trim()}'`);
  });

  it('reads every server of a cluster', () => {
    const config = readNatsConfig({
      NATS_URL: 'nats://10.0.0.1:4222,nats://10.0.0.2:4222,nats://10.0.0.3:4222',
      NATS_STREAM_REPLICAS: '3',
    });
    expect(config.servers).toEqual(['nats://10.0.0.1:4222', 'nats://10.0.0.2:4222', 'nats://10.0.0.3:4222']);
    expect(config.streamReplicas).toBe(3);
  });
});
