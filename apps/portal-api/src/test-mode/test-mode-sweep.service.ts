import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { forgetAlarmTestMarks } from '@app/database';
import { ScheduledSweep } from '@app/messaging';
import { Clock } from '@app/platform';
import { SiteTestModesRepository } from './site-test-modes.repository';
import { SiteTestModes } from './test-mode.service';
import { TestModeConfig } from './test-mode.config';

/** Test modes ended per pass at most, soonest first; the rest wait for the next pass. */
const SWEEP_BATCH = 100;

/**
 * Alarms' test decisions are kept this long: well past the streams' week, in which an app may still
 * handle an alarm, so that a redelivery finds the decision taken (docs/test-mode.md).
 */
export const ALARM_TEST_MARK_RETENTION_MS = 30 * 24 * 3600_000;

/** How often a copy forgets the decisions past their retention, and how many per statement. */
const FORGET_EVERY_MS = 3600_000;
const FORGET_BATCH = 10_000;

/**
 * Every portal-api copy, every TEST_MODE_SWEEP_INTERVAL_MS: ends the test modes whose `until` has
 * passed, whether or not anyone is looking (their 'ended' live message, audit row and resolved
 * notifications). Copies sweep side by side: each end is made once (SiteTestModes.expire, under
 * the site's lock), whoever comes first; nothing is held in memory, so a restart loses nothing.
 */
@Injectable()
export class TestModeSweep extends ScheduledSweep {
  private readonly logger = new Logger(TestModeSweep.name);
  private forgottenAt = -Infinity;

  constructor(
    config: TestModeConfig,
    private readonly testModes: SiteTestModesRepository,
    private readonly service: SiteTestModes,
    private readonly clock: Clock,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {
    super(TestModeSweep.name, config.sweepIntervalMs);
  }

  /** One pass. A test mode that could not be ended (the database away a moment) is tried at the next. */
  async sweep(): Promise<void> {
    for (const due of await this.testModes.due(this.clock.now(), SWEEP_BATCH)) {
      try {
        await this.service.expire(due.id, due.hwaddr);
      } catch (error) {
        this.logger.warn(
          { hwaddr: due.hwaddr, testModeId: due.id, err: error },
          'test mode not ended yet, next pass tries again',
        );
      }
    }
    const now = this.clock.now();
    if (now.getTime() - this.forgottenAt >= FORGET_EVERY_MS) {
      this.forgottenAt = now.getTime();
      await this.forgetOldDecisions(new Date(now.getTime() - ALARM_TEST_MARK_RETENTION_MS));
    }
  }

  /** Forgets the alarms' test decisions taken before `before`, a batch at a time. */
  private async forgetOldDecisions(before: Date): Promise<void> {
    let forgotten = 0;
    for (let count = FORGET_BATCH; count === FORGET_BATCH; forgotten += count)
      count = await forgetAlarmTestMarks(this.dataSource, before, FORGET_BATCH);
    if (forgotten > 0)
      this.logger.log({ forgotten, before: before.toISOString() }, "old alarms' test decisions forgotten");
  }
}
