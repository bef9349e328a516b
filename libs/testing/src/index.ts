export * from './test-environment.util';
export * from './wait-until.util';
export * from './local-port.util';
export * from './hand-clock.util';
export * from './cuttable-tcp-proxy';
export * from './healthy-report.util';
export * from './nats-cluster';
export * from './webhook-receiver';
