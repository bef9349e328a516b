import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';

/** Lookups of the alarm an event opened or joined, before its push gives up waiting for it. */
const LOOKUPS = 5;
const LOOKUP_INTERVAL_MS = 100;

/**
 * The alarm an event opened or joined (alarm_timeline), which its push names so that the
 * notification's Acknowledge reaches it. portal-api records it as the event arrives, side by side
 * with the push channel reading the same event: a push that comes first waits a moment for it, then
 * goes without (it opens the Alarms view instead). A fire is never held longer than that.
 */
@Injectable()
export class PushAlarmIds {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async of(hwaddr: string, seq: number): Promise<number | null> {
    for (let lookup = 1; lookup <= LOOKUPS; lookup++) {
      const [row] = await this.dataSource.query<Array<{ alarm_id: string }>>(
        `SELECT alarm_id FROM alarm_timeline WHERE hwaddr = $1 AND event_seq = $2`,
        [hwaddr, seq],
      );
      if (row) return Number(row.alarm_id);
      if (lookup < LOOKUPS) await sleep(LOOKUP_INTERVAL_MS);
    }
    return null;
  }
}
