export * from './platform.module';
export * from './health/health-indicator.types';
export * from './health/health.registry';
export * from './metrics/metrics.service';
export * from './bootstrap/bootstrap-app';
export * from './clock/clock.service';
export * from './async/with-timeout.util';
export * from './errors/domain-error';
