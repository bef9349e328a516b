import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AlarmPathWarmup, alarmTestMode, WARMUP_SITE } from '@app/database';
import { RelayActionsRepository } from './relay-actions.repository';

/** The relay-worker's alarm path warmed at start: the site's actions, the test decision, the job's re-read. */
@Injectable()
export class RelayAlarmPathWarmup extends AlarmPathWarmup {
  constructor(private readonly actions: RelayActionsRepository) {
    super();
  }

  protected async warm(manager: EntityManager): Promise<void> {
    await this.actions.firedBy(WARMUP_SITE, 'fire', manager);
    await alarmTestMode(manager, { hwaddr: WARMUP_SITE, seq: 0, receivedAt: new Date() });
    await this.actions.firableById(0, manager);
  }
}
