import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  Unique,
  type Relation,
} from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import type { RelayTrigger } from '@app/contracts';
import type { RelayActionRunStatus } from './column-values.types';
import { RelayActionEntity } from './relay-action.entity';

/** One firing of a relay action for one event; unique so a redelivered event drives it once. */
@Entity({ name: 'relay_action_runs' })
@Unique('relay_action_runs_relay_action_id_hwaddr_event_seq_key', ['relayActionId', 'hwaddr', 'eventSeq'])
@Check('relay_action_runs_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('relay_action_runs_trigger_check', `trigger IN ('fire', 'fault')`)
@Check(
  'relay_action_runs_status_check',
  `status IN ('pending', 'succeeded', 'failed', 'suppressed', 'handled-before-restore')`,
)
@Check('relay_action_runs_attempts_check', 'attempts >= 0')
export class RelayActionRunEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('relay_action_runs_pkey'))
  id!: number;

  @Column({ name: 'relay_action_id', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  relayActionId!: number;

  @ManyToOne(() => RelayActionEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'relay_action_id', foreignKeyConstraintName: 'relay_action_runs_relay_action_id_fkey' })
  relayAction?: Relation<RelayActionEntity>;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'event_seq', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  eventSeq!: number;

  @Column({ name: 'trigger', type: 'text' })
  trigger!: RelayTrigger;

  @Column({ name: 'status', type: 'text', default: 'pending' })
  status!: RelayActionRunStatus;

  @Column({ name: 'error', type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  /** Set just before the board is driven, cleared when the attempt's outcome is recorded; set at a start means unknown. */
  @Column({ name: 'driving_since', type: 'timestamptz', nullable: true })
  drivingSince!: Date | null;

  /** The last failed attempt may have switched something on the board (no reply, a lost hold): the next counts a possible repeat. */
  @Column({ name: 'last_outcome_unknown', type: 'boolean', default: false })
  lastOutcomeUnknown!: boolean;

  /** Attempts that found the previous one's outcome unknown (after a crash or a failure mid-exchange) and drove again. */
  @Column({ name: 'possible_repeats', type: 'integer', default: 0 })
  possibleRepeats!: number;
}
