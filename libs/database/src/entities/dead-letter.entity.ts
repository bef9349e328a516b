import { Column, CreateDateColumn, Entity, PrimaryColumn, Unique } from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';

/**
 * A stream message a durable consumer gave up on: its own content kept failing (the database
 * refused it, it broke the contract), so it was set aside and acked instead of blocking the
 * messages behind it. One row per consumer and stream message; what is needed to look into it or
 * to publish it again by hand.
 */
@Entity({ name: 'dead_letters' })
@Unique('dead_letters_consumer_stream_seq_key', ['consumer', 'stream', 'streamSeq'])
export class DeadLetterEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('dead_letters_pkey'))
  id!: number;

  /** The durable consumer's name. */
  @Column({ name: 'consumer', type: 'text' })
  consumer!: string;

  @Column({ name: 'stream', type: 'text' })
  stream!: string;

  @Column({ name: 'subject', type: 'text' })
  subject!: string;

  @Column({ name: 'stream_seq', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  streamSeq!: number;

  /** The message as published, byte for byte (it may not even be valid UTF-8). */
  @Column({ name: 'payload', type: 'bytea' })
  payload!: Buffer;

  /** The last failure's message. */
  @Column({ name: 'error', type: 'text' })
  error!: string;

  /** Deliveries of the message when it was set aside. */
  @Column({ name: 'delivery_count', type: 'integer' })
  deliveryCount!: number;

  @Column({ name: 'first_failed_at', type: 'timestamptz' })
  firstFailedAt!: Date;

  @Column({ name: 'last_failed_at', type: 'timestamptz' })
  lastFailedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
