/** Body of `GET /healthz` on every backend app's ops port: 200 when every dependency answers, 503 otherwise. */
export type DependencyStatus = { status: 'up' } | { status: 'down'; reason: string };

export interface HealthReport {
  status: 'ok' | 'error';
  app: string;
  /** The release running (PRODUCT_VERSION); absent from apps of earlier releases. */
  version?: string;
  checks: Record<string, DependencyStatus>;
}
