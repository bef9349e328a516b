import type { HealthReport } from './system-health.types';

/** Health reports as portal-api sends them, for the tests of the system domain. */

export const healthyReport: HealthReport = {
  status: 'ok',
  app: 'portal-api',
  checks: { postgres: { status: 'up' }, nats: { status: 'up' }, redis: { status: 'up' } },
};

export const degradedReport: HealthReport = {
  status: 'error',
  app: 'portal-api',
  checks: {
    postgres: { status: 'up' },
    nats: { status: 'down', reason: 'connection refused' },
    redis: { status: 'up' },
  },
};
