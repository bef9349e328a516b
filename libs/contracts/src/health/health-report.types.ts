/** Body of `GET /healthz` of every backend app: 200 when every dependency answers, 503 otherwise. */
export type DependencyStatus = { status: 'up' } | { status: 'down'; reason: string };

export interface HealthReport {
  status: 'ok' | 'error';
  app: string;
  checks: Record<string, DependencyStatus>;
}
