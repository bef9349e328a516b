import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintIdentityPrimaryKey } from './bigint-column.util';

/**
 * A test mode of a site (docs/test-mode.md): active while not ended (at most one per site), kept
 * once ended for the record. Its events are marked as test and its relay actions and alert mails
 * suppressed. A log: user ids as given (it outlives them), their names kept.
 */
@Entity({ name: 'site_test_modes' })
@Check('site_test_modes_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('site_test_modes_until_check', 'until > started_at')
@Index('site_test_modes_active_hwaddr_key', ['hwaddr'], { unique: true, where: 'ended_at IS NULL' })
@Index('site_test_modes_due_idx', ['until'], { where: 'ended_at IS NULL' })
@Index('site_test_modes_hwaddr_started_at_idx', ['hwaddr', 'startedAt'])
export class SiteTestModeEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('site_test_modes_pkey'))
  id!: number;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'started_by', type: 'uuid', nullable: true })
  startedBy!: string | null;

  @Column({ name: 'started_by_name', type: 'text' })
  startedByName!: string;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  /** When it ends by itself, unless ended by hand before. */
  @Column({ name: 'until', type: 'timestamptz' })
  until!: Date;

  @Column({ name: 'reason', type: 'text' })
  reason!: string;

  /** When it ended: by hand, or `until` when it ended by itself; null while active. */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  /** Who ended it by hand; null when it ended by itself (or while active). */
  @Column({ name: 'ended_by', type: 'uuid', nullable: true })
  endedBy!: string | null;

  @Column({ name: 'ended_by_name', type: 'text', nullable: true })
  endedByName!: string | null;
}
