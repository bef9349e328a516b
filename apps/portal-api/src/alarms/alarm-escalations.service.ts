import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  alarmCorrelationId,
  DEFAULT_ESCALATION_POLICY,
  delayedSteps,
  ESCALATION_STOP_REASONS,
  escalationStepSetting,
} from '@app/contracts';
import type { AlarmEntity } from '@app/database';
import { enqueueEscalationSteps, escalationStepJob, QueueService } from '@app/messaging';
import { Clock } from '@app/platform';
import {
  AlarmEscalationsRepository,
  type EscalationDefaults,
  type ScheduledStep,
} from './alarm-escalations.repository';
import { EscalationConfig } from './escalation.config';

/** The default policy's later steps, as a site would set them. */
const DEFAULT_LATER_STEPS = delayedSteps(DEFAULT_ESCALATION_POLICY).map(escalationStepSetting);

/**
 * An alarm's escalation (docs/alarms.md, "Escalation"): the delayed steps of the site's policy are
 * owed from the moment the alarm opens (recorded with it, before its event is acked), and each is
 * queued as a job held by Redis until due. Whatever Redis loses, the mailer's sweep finds the owed
 * step and queues it again; an acknowledgement stops the steps not yet taken.
 */
@Injectable()
export class AlarmEscalations {
  private readonly logger = new Logger(AlarmEscalations.name);

  constructor(
    private readonly config: EscalationConfig,
    private readonly repository: AlarmEscalationsRepository,
    private readonly queues: QueueService,
    private readonly clock: Clock,
  ) {}

  /** Where an alarm's later steps come from when its site has no policy of its own. */
  get defaults(): EscalationDefaults {
    return { laterSteps: DEFAULT_LATER_STEPS, minuteMs: this.config.minuteMs };
  }

  /** Records an alarm's steps in the transaction that opened it (one not opened by an event's statement). */
  record(manager: EntityManager, alarm: AlarmEntity): Promise<void> {
    return this.repository.record(manager, alarm, this.defaults);
  }

  /**
   * After the commit that opened it: each step's job, held until due (the steps its statement
   * recorded, else those it still owes). Never throws: a failure is logged, and the sweep queues it.
   */
  async schedule(alarm: AlarmEntity, steps?: readonly ScheduledStep[]): Promise<void> {
    try {
      const now = this.clock.now();
      const jobs = (steps ?? (await this.repository.owed(alarm.id))).map((step) =>
        escalationStepJob(
          { alarmId: alarm.id, hwaddr: alarm.hwaddr, kind: alarm.kind, step: step.step, dueAt: step.dueAt },
          now,
        ),
      );
      await enqueueEscalationSteps(this.queues, jobs);
    } catch (error) {
      this.logger.warn(
        { correlationId: alarmCorrelationId(alarm.id), hwaddr: alarm.hwaddr, err: error },
        'escalation steps recorded but not queued yet: the sweep queues them',
      );
    }
  }

  /** In the acknowledgement's transaction: the steps not yet taken stop. */
  stop(manager: EntityManager, alarmId: number, acknowledgedBy: string, at: Date): Promise<void> {
    return this.repository.stop(manager, alarmId, ESCALATION_STOP_REASONS.acknowledged(acknowledgedBy), at);
  }
}
