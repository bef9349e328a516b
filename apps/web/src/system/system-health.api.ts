import { apiRequest } from '../shared/api-client';
import { HEALTH_DEGRADED_STATUS, HEALTH_PATH } from './system.constants';
import type { DependencyStatus, HealthReport } from './system-health.types';

export function fetchHealthReport(signal?: AbortSignal): Promise<HealthReport> {
  return apiRequest(HEALTH_PATH, {
    signal,
    acceptedStatuses: [HEALTH_DEGRADED_STATUS],
    isExpectedBody: isHealthReport,
  });
}

export function isHealthReport(body: unknown): body is HealthReport {
  if (!isRecord(body)) return false;
  const { status, app, checks } = body;
  return (
    (status === 'ok' || status === 'error') &&
    typeof app === 'string' &&
    isRecord(checks) &&
    Object.values(checks).every(isDependencyStatus)
  );
}

function isDependencyStatus(value: unknown): value is DependencyStatus {
  if (!isRecord(value)) return false;
  return value.status === 'up' || (value.status === 'down' && typeof value.reason === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
