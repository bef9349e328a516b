export * from './test-isolation.util';
export * from './nats-probe.util';
