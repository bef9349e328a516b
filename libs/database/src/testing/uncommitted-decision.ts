import type { DataSource } from 'typeorm';

/** Another app's test decision on an alarm, written in a transaction that stays open until `commit()`. */
export interface UncommittedDecision {
  commit(): Promise<void>;
  /** Rolls back what was not committed and gives the connection back; call it whatever happened. */
  end(): Promise<void>;
}

export async function uncommittedDecision(
  dataSource: DataSource,
  alarm: { hwaddr: string; seq: number },
  testModeId: number | null,
): Promise<UncommittedDecision> {
  const writer = dataSource.createQueryRunner();
  await writer.connect();
  await writer.startTransaction();
  await writer.query('INSERT INTO alarm_test_marks (hwaddr, event_seq, test_mode_id) VALUES ($1, $2, $3)', [
    alarm.hwaddr,
    alarm.seq,
    testModeId,
  ]);
  return {
    commit: () => writer.commitTransaction(),
    end: async () => {
      if (writer.isTransactionActive) await writer.rollbackTransaction();
      await writer.release();
    },
  };
}
