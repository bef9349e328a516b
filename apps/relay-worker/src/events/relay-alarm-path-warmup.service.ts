import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AlarmPathWarmup, alarmTestMode, WARMUP_SITE } from '@app/database';
import { RelayActionsRepository } from './relay-actions.repository';

/** The relay-worker's alarm path warmed at start: the site's actions, the test decision, the job's re-read. */
@Injectable()
export class RelayAlarmPathWarmup extends AlarmPathWarmup {
  constructor(
    @Inject(DataSource) dataSource: DataSource,
    private readonly actions: RelayActionsRepository,
  ) {
    super(dataSource);
  }

  protected async warm(manager: EntityManager): Promise<void> {
    await this.actions.firedBy(WARMUP_SITE, 'fire', manager);
    await alarmTestMode(manager, { hwaddr: WARMUP_SITE, seq: 0, receivedAt: new Date() });
    await this.actions.firableById(0, manager);
  }
}
