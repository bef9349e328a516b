import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { QuietHours } from '@app/contracts';
import { UserQuietHoursEntity } from '@app/database';

/** user_quiet_hours: one row per user who set quiet hours. */
@Injectable()
export class QuietHoursRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async of(userId: string): Promise<QuietHours | null> {
    const row = await this.dataSource.getRepository(UserQuietHoursEntity).findOneBy({ userId });
    return row && { from: row.starts.slice(0, 5), to: row.ends.slice(0, 5), timeZone: row.timeZone };
  }

  async set(userId: string, quiet: QuietHours | null): Promise<void> {
    const repository = this.dataSource.getRepository(UserQuietHoursEntity);
    if (quiet === null) await repository.delete({ userId });
    else await repository.upsert({ userId, starts: quiet.from, ends: quiet.to, timeZone: quiet.timeZone }, ['userId']);
  }

  /** Whether PostgreSQL, which tells the time in it, knows the zone. */
  async knowsTimeZone(name: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM pg_timezone_names WHERE name = $1`, [name]);
    return rows.length > 0;
  }
}
