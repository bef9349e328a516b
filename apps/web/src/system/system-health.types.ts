export type { DependencyStatus, HealthReport } from '@app/contracts';

/** One dependency as the status box lists it. */
export interface HealthCheckRow {
  name: string;
  up: boolean;
  reason?: string;
}
