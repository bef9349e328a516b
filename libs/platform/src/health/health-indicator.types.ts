/** One dependency an app needs in order to work (database, NATS, Redis, SMTP…). */
export interface HealthIndicator {
  readonly name: string;
  /** Resolves when the dependency answers; rejects with a reason otherwise. */
  check(): Promise<void>;
}

export type DependencyStatus = { status: 'up' } | { status: 'down'; reason: string };

export interface HealthReport {
  status: 'ok' | 'error';
  app: string;
  checks: Record<string, DependencyStatus>;
}
