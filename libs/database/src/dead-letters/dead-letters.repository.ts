import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
// The port the durable consumers define; this is its PostgreSQL side (a type only: no runtime link).
import type { DeadLetter } from '@app/messaging';

/**
 * Writes dead letters. The apps' durable consumers record a message here before they ack it, so
 * the write is one statement; a message recorded again (its ack was lost and it failed once more)
 * updates its row rather than adding one.
 */
@Injectable()
export class DeadLettersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async save(letter: DeadLetter): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO dead_letters (consumer, stream, subject, stream_seq, payload, error, delivery_count, first_failed_at, last_failed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (consumer, stream, stream_seq) DO UPDATE
         SET error = EXCLUDED.error, delivery_count = EXCLUDED.delivery_count, last_failed_at = EXCLUDED.last_failed_at`,
      [
        letter.consumer,
        letter.stream,
        letter.subject,
        letter.streamSequence,
        Buffer.from(letter.payload.buffer, letter.payload.byteOffset, letter.payload.byteLength),
        letter.error,
        letter.deliveryCount,
        letter.firstFailedAt.toISOString(),
        letter.lastFailedAt.toISOString(),
      ],
    );
  }
}
