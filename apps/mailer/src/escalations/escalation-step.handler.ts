import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EscalationStepJob } from '@app/contracts';
import {
  alarmEscalationMailJob,
  enqueueMail,
  enqueuePushes,
  enqueueWebhooks,
  escalationPushJob,
  JobGivenUp,
  JobHandler,
  QueueService,
  webhookDeliveryJob,
} from '@app/messaging';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { EscalationSteps } from './escalation-steps.repository';

/**
 * Takes one delayed escalation step when it falls due (docs/alarms.md, "Escalation"): by its
 * channels, its e-mails, pushes and webhook message recorded owed and queued, unless the alarm was
 * acknowledged or cleared before. A step taken before (its job run again after a crash between the
 * step's commit and its queueing) changes nothing: what it owes are owed rows, which their sweeps queue.
 */
@Injectable()
export class EscalationStepHandler {
  private readonly logger = new Logger(EscalationStepHandler.name);

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly steps: EscalationSteps,
    private readonly queues: QueueService,
  ) {}

  @JobHandler('escalations', 'escalation-step')
  async handle(data: EscalationStepJob): Promise<void> {
    const fields = { alarmId: data.alarmId, step: data.step, hwaddr: data.hwaddr };
    const taken = await this.steps.take(data.alarmId, data.step);
    switch (taken.outcome) {
      case 'sent':
        await Promise.all([
          enqueueMail(
            this.queues,
            taken.mails.map((mail) => alarmEscalationMailJob(mail, taken.kind, this.config.delivery)),
          ),
          enqueuePushes(
            this.queues,
            taken.pushes.map((push) => escalationPushJob(push, taken.kind, this.config.push)),
          ),
          enqueueWebhooks(
            this.queues,
            taken.webhooks.map((delivery) => webhookDeliveryJob(delivery, this.config.webhooks)),
          ),
        ]);
        this.logger.log(
          { ...fields, recipients: taken.mails.length, devices: taken.pushes.length, webhooks: taken.webhooks.length },
          'escalation step taken: its mails, pushes and webhook message queued',
        );
        return;
      case 'stopped':
        this.logger.log({ ...fields, reason: taken.reason }, 'escalation step stopped');
        return;
      case 'failed':
        this.logger.warn({ ...fields, reason: taken.reason }, 'escalation step not taken');
        return;
      case 'done-before':
        this.logger.log(fields, 'escalation step taken before: nothing to do');
    }
  }

  /** Every try died (the database away for longer than the tries last): recorded failed, never left owed. */
  @JobGivenUp('escalations', 'escalation-step')
  async givenUp(data: EscalationStepJob, _job: unknown, reason: string): Promise<void> {
    const recorded = await this.steps.failed(data.alarmId, data.step, reason);
    this.logger.error({ alarmId: data.alarmId, step: data.step, reason, recorded }, 'escalation step failed for good');
  }
}
