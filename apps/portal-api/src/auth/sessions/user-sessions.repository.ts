import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, MoreThan, Not, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { PushDeviceEntity, UserEntity, UserSessionEntity, type SessionEndReason } from '@app/database';
import { recordAccountActivity } from '../activity/account-activity.repository';
import type { SignInPlace } from './sign-in-place.util';

/** A session's account (what a token is checked against), and whether (and why) the session ended. */
export interface SessionHolder {
  user: Pick<UserEntity, 'id' | 'passwordChangedAt'>;
  ended: SessionEndReason | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How often a session's last seen time is written: a request a minute says as much as every one. */
const LAST_SEEN_RESOLUTION_SECONDS = 60;

/** user_sessions: one row per sign-in. */
@Injectable()
export class UserSessionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async open(userId: string, place: SignInPlace): Promise<string> {
    const row = await this.dataSource
      .getRepository(UserSessionEntity)
      .save({ userId, address: place.address, userAgent: place.userAgent });
    return row.id;
  }

  /**
   * The account a token of this session speaks for, read with its session in one statement: null
   * when the account or the session (of that account) does not exist.
   */
  async holder(userId: string, sessionId: string): Promise<SessionHolder | null> {
    if (!UUID.test(userId) || !UUID.test(sessionId)) return null;
    // A plain statement: every guarded request runs it, and the query builder costs more than the query.
    const rows: Array<{ password_changed_at: Date; ended_why: SessionEndReason | null }> = await this.dataSource.query(
      `SELECT u.password_changed_at, s.ended_why FROM users u
         JOIN user_sessions s ON s.user_id = u.id AND s.id = $2
        WHERE u.id = $1`,
      [userId, sessionId],
    );
    const [row] = rows;
    return row ? { user: { id: userId, passwordChangedAt: row.password_changed_at }, ended: row.ended_why } : null;
  }

  /** Notes that the session was used now, at most once a minute (no answer awaited by the caller). */
  async seen(sessionId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE user_sessions SET last_seen_at = now()
        WHERE id = $1 AND ended_at IS NULL AND last_seen_at < now() - make_interval(secs => $2)`,
      [sessionId, LAST_SEEN_RESOLUTION_SECONDS],
    );
  }

  /** The user's sessions not ended and begun after `since` (older ones' tokens have expired), newest first. */
  openOf(userId: string, since: Date): Promise<UserSessionEntity[]> {
    return this.dataSource.getRepository(UserSessionEntity).find({
      where: { userId, endedAt: IsNull(), createdAt: MoreThan(since) },
      order: { createdAt: 'DESC' },
    });
  }

  /** The user ends one of their open sessions (from `address`); false when it is not theirs or ended already. */
  async end(userId: string, sessionId: string, address: string): Promise<boolean> {
    if (!UUID.test(sessionId)) return false;
    const ended = await this.endWhere(userId, 'ended', { id: sessionId }, (manager, [session]) =>
      recordAccountActivity(manager, { userId, kind: 'session-ended', address, detail: session.userAgent }),
    );
    return ended.length === 1;
  }

  /** The user ends every open session but the one asking; answers the ended ones' ids. */
  endOthers(userId: string, keep: string, address: string): Promise<string[]> {
    return this.endWhere(userId, 'ended', { id: Not(keep) }, (manager, ended) =>
      recordAccountActivity(manager, { userId, kind: 'other-sessions-ended', address, detail: String(ended.length) }),
    );
  }

  /** A new password ends every open session (the reset records itself). */
  endAllForPasswordChange(userId: string): Promise<string[]> {
    return this.endWhere(userId, 'password-changed', {}, async () => undefined);
  }

  /**
   * Ends the sessions, and removes the push devices they turned on in the same transaction: a
   * browser signed out (a lost phone) must not go on showing the site's alarms.
   */
  private endWhere(
    userId: string,
    why: SessionEndReason,
    which: FindOptionsWhere<UserSessionEntity>,
    record: (manager: EntityManager, ended: Array<{ id: string; userAgent: string }>) => Promise<void>,
  ): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(UserSessionEntity)
        .set({ endedAt: () => 'now()', endedWhy: why })
        .where({ userId, endedAt: IsNull(), ...which })
        .returning('id, user_agent')
        .execute();
      const ended = (result.raw as Array<{ id: string; user_agent: string }>).map((row) => ({
        id: row.id,
        userAgent: row.user_agent,
      }));
      if (ended.length === 0) return [];
      const ids = ended.map((session) => session.id);
      await manager.delete(PushDeviceEntity, { sessionId: In(ids) });
      await record(manager, ended);
      return ids;
    });
  }
}
