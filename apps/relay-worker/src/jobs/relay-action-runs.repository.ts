import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { RelayTrigger } from '@app/contracts';

export interface StartedRun {
  id: number;
  attempts: number;
}

/** The record of each firing of a relay action for one event (relay_action_runs). */
@Injectable()
export class RelayActionRunsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Counts one more attempt of the run of (action, event), creating it on the first. Null when the
   * run already succeeded: the event was acted on, and must not be acted on twice.
   */
  async startAttempt(actionId: number, hwaddr: string, seq: number, trigger: RelayTrigger): Promise<StartedRun | null> {
    const rows: Array<{ id: string; attempts: number }> = await this.dataSource.query(
      `INSERT INTO relay_action_runs (relay_action_id, hwaddr, event_seq, trigger, status, attempts)
       VALUES ($1, $2, $3, $4, 'pending', 1)
       ON CONFLICT ON CONSTRAINT relay_action_runs_relay_action_id_hwaddr_event_seq_key
       DO UPDATE SET attempts = relay_action_runs.attempts + 1, status = 'pending', finished_at = NULL
       WHERE relay_action_runs.status <> 'succeeded'
       RETURNING id, attempts`,
      [actionId, hwaddr, seq, trigger],
    );
    return rows[0] ? { id: Number(rows[0].id), attempts: rows[0].attempts } : null;
  }

  async succeeded(runId: number): Promise<void> {
    await this.dataSource.query(`UPDATE relay_action_runs SET status = 'succeeded', error = NULL, finished_at = now() WHERE id = $1`, [runId]);
  }

  /** A failed attempt that will be retried: the reason is kept for the owner to read. */
  async attemptFailed(runId: number, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE relay_action_runs SET error = $2 WHERE id = $1`, [runId, error]);
  }

  /** The last attempt failed; false when the run was already marked so (nothing more to report). */
  async failed(manager: EntityManager, runId: number, error: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [, affected]: [unknown[], number] = await manager.query(
      `UPDATE relay_action_runs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status = 'pending'`,
      [runId, error],
    );
    return affected > 0;
  }
}
