import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { HandledBeforeRestore, RelayTrigger } from '@app/contracts';
import { RelayActionRunEntity } from '@app/database';

/** A run still pending, as the sweep needs it. */
export interface OpenRun {
  id: number;
  relayActionId: number;
  hwaddr: string;
  seq: number;
  trigger: RelayTrigger;
}

/** The record of each firing of a relay action for one event (relay_action_runs). */
@Injectable()
export class RelayActionRunsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Counts one more attempt of the run of (action, event), creating it on the first. Null when the
   * run already succeeded: the event was acted on, and must not be acted on twice. The run is marked
   * as driving until the attempt's outcome is recorded; an attempt that finds it still so follows a
   * crash whose outcome is unknown, and one that follows a failure that may have reached the board
   * finds it marked: either drives again and counts a possible repeat.
   */
  async startAttempt(
    actionId: number,
    hwaddr: string,
    seq: number,
    trigger: RelayTrigger,
  ): Promise<RelayActionRunEntity | null> {
    const rows: RelayActionRunRow[] = await this.dataSource.query(
      `INSERT INTO relay_action_runs (relay_action_id, hwaddr, event_seq, trigger, status, attempts, driving_since)
       VALUES ($1, $2, $3, $4, 'pending', 1, now())
       ON CONFLICT ON CONSTRAINT relay_action_runs_relay_action_id_hwaddr_event_seq_key
       DO UPDATE SET attempts = relay_action_runs.attempts + 1, status = 'pending', finished_at = NULL,
         possible_repeats = relay_action_runs.possible_repeats
           + CASE WHEN relay_action_runs.driving_since IS NOT NULL OR relay_action_runs.last_outcome_unknown THEN 1 ELSE 0 END,
         driving_since = now(), last_outcome_unknown = false
       WHERE relay_action_runs.status <> 'succeeded'
       RETURNING *`,
      [actionId, hwaddr, seq, trigger],
    );
    return rows[0] ? runOf(rows[0]) : null;
  }

  /**
   * Records the run each action owes the event ('pending', no attempt) in one statement, before the
   * event is acknowledged: a job that Redis loses before it starts then still has its run, which the
   * sweep finds and queues again. A run that exists already (a redelivered event, a job that started
   * first) is left as it is.
   */
  async recordOwed(actionIds: readonly number[], hwaddr: string, seq: number, trigger: RelayTrigger): Promise<void> {
    if (actionIds.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO relay_action_runs (relay_action_id, hwaddr, event_seq, trigger, status, attempts)
       SELECT unnest($1::bigint[]), $2, $3, $4, 'pending', 0
       ON CONFLICT ON CONSTRAINT relay_action_runs_relay_action_id_hwaddr_event_seq_key DO NOTHING`,
      [actionIds, hwaddr, seq, trigger],
    );
  }

  /**
   * An owed run its job found no longer fired (its relay's owner lost the site since the alarm):
   * closed as failed with why, so that the sweep does not take it for lost. A run no longer pending
   * is left alone.
   */
  async notFired(actionId: number, hwaddr: string, seq: number, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE relay_action_runs SET status = 'failed', error = $4, finished_at = now()
       WHERE relay_action_id = $1 AND hwaddr = $2 AND event_seq = $3 AND status = 'pending'`,
      [actionId, hwaddr, seq, reason],
    );
  }

  /**
   * The open run of (action, event), created (with no attempt counted) when none was started; null
   * when it already succeeded or failed for good.
   */
  async openRun(actionId: number, hwaddr: string, seq: number, trigger: RelayTrigger): Promise<number | null> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO relay_action_runs (relay_action_id, hwaddr, event_seq, trigger, status, attempts)
       VALUES ($1, $2, $3, $4, 'pending', 0)
       ON CONFLICT ON CONSTRAINT relay_action_runs_relay_action_id_hwaddr_event_seq_key
       DO UPDATE SET status = relay_action_runs.status
       WHERE relay_action_runs.status = 'pending'
       RETURNING id`,
      [actionId, hwaddr, seq, trigger],
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  /**
   * The run of (action, event) recorded closed with why, driving nothing: 'suppressed' (its site was
   * in test mode, docs/test-mode.md), or 'handled-before-restore' (driven before a database restore
   * lost its record, docs/backup-restore.md). The run as recorded; null when it exists already (a
   * redelivered event, a replay run again).
   */
  async recordClosed(
    actionId: number,
    hwaddr: string,
    seq: number,
    trigger: RelayTrigger,
    status: 'suppressed' | HandledBeforeRestore,
    reason: string,
  ): Promise<RelayActionRunEntity | null> {
    const rows: RelayActionRunRow[] = await this.dataSource.query(
      `INSERT INTO relay_action_runs (relay_action_id, hwaddr, event_seq, trigger, status, attempts, error, finished_at)
       VALUES ($1, $2, $3, $4, $5, 0, $6, now())
       ON CONFLICT ON CONSTRAINT relay_action_runs_relay_action_id_hwaddr_event_seq_key DO NOTHING
       RETURNING *`,
      [actionId, hwaddr, seq, trigger, status, reason],
    );
    return rows[0] ? runOf(rows[0]) : null;
  }

  /** The run as recorded succeeded; null when it is gone (deleted with its action since). */
  async succeeded(runId: number): Promise<RelayActionRunEntity | null> {
    return this.updated(
      `UPDATE relay_action_runs SET status = 'succeeded', error = NULL, finished_at = now(), driving_since = NULL
       WHERE id = $1 RETURNING *`,
      [runId],
    );
  }

  /**
   * A failed attempt that will be retried: the reason is kept for the owner to read, and whether the
   * board may have acted (then the next attempt counts a possible repeat). The run as recorded; null
   * when it is gone.
   */
  async attemptFailed(runId: number, error: string, outcomeUnknown: boolean): Promise<RelayActionRunEntity | null> {
    return this.updated(
      `UPDATE relay_action_runs SET error = $2, driving_since = NULL, last_outcome_unknown = $3 WHERE id = $1 RETURNING *`,
      [runId, error, outcomeUnknown],
    );
  }

  /** Runs still 'pending' created more than `afterMs` ago, oldest first: for the sweep. */
  async pendingPast(afterMs: number, limit: number): Promise<OpenRun[]> {
    const rows: Array<{
      id: string;
      relay_action_id: string;
      hwaddr: string;
      event_seq: string;
      trigger: RelayTrigger;
    }> = await this.dataSource.query(
      `SELECT id, relay_action_id, hwaddr, event_seq, trigger FROM relay_action_runs
       WHERE status = 'pending' AND created_at < now() - make_interval(secs => $1::double precision / 1000)
       ORDER BY created_at LIMIT $2`,
      [afterMs, limit],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      relayActionId: Number(row.relay_action_id),
      hwaddr: row.hwaddr,
      seq: Number(row.event_seq),
      trigger: row.trigger,
    }));
  }

  /** The last attempt failed; false when the run was already marked so (nothing more to report). */
  async failed(manager: EntityManager, runId: number, error: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [, affected]: [unknown[], number] = await manager.query(
      `UPDATE relay_action_runs SET status = 'failed', error = $2, finished_at = now(), driving_since = NULL WHERE id = $1 AND status = 'pending'`,
      [runId, error],
    );
    return affected > 0;
  }

  /** Runs an UPDATE … RETURNING * of one run; TypeORM answers an UPDATE with [rows, affected count]. */
  private async updated(sql: string, parameters: unknown[]): Promise<RelayActionRunEntity | null> {
    const [rows]: [RelayActionRunRow[], number] = await this.dataSource.query(sql, parameters);
    return rows[0] ? runOf(rows[0]) : null;
  }
}

/** A relay_action_runs row as PostgreSQL returns it (bigints as text, timestamps as dates). */
interface RelayActionRunRow {
  id: string;
  relay_action_id: string;
  hwaddr: string;
  event_seq: string;
  trigger: RelayTrigger;
  status: RelayActionRunEntity['status'];
  error: string | null;
  attempts: number;
  created_at: Date;
  finished_at: Date | null;
  driving_since: Date | null;
  last_outcome_unknown: boolean;
  possible_repeats: number;
}

/** The run as the row was written, without reading it again. */
function runOf(row: RelayActionRunRow): RelayActionRunEntity {
  return Object.assign(new RelayActionRunEntity(), {
    id: Number(row.id),
    relayActionId: Number(row.relay_action_id),
    hwaddr: row.hwaddr,
    eventSeq: Number(row.event_seq),
    trigger: row.trigger,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    drivingSince: row.driving_since,
    lastOutcomeUnknown: row.last_outcome_unknown,
    possibleRepeats: row.possible_repeats,
  });
}
