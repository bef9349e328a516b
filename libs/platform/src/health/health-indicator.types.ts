import type { DependencyStatus, HealthReport } from '@app/contracts';

export type { DependencyStatus, HealthReport };

/** One dependency an app needs in order to work (database, NATS, Redis, SMTP…). */
export interface HealthIndicator {
  readonly name: string;
  /** Resolves when the dependency answers; rejects with a reason otherwise. */
  check(): Promise<void>;
}
