import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ESCALATION_STOP_REASONS, type EscalationPushJob } from '@app/contracts';
import { JobGivenUp, JobHandler } from '@app/messaging';
import type { OwedPush } from '@app/database';
import { EscalationSteps } from '../escalations/escalation-steps.repository';
import { escalationPushMessage } from './alarm-push-message.util';
import { PushDeliveries } from './push-deliveries.repository';
import { PUSH_NOT_OWED, PushDelivery } from './push-delivery.service';
import { PushDevices } from './push-devices.repository';

/**
 * Sends one push of an escalation step (docs/alarms.md, "Escalation") to one device: the alarm
 * nobody acknowledged. A push withheld since (the alarm acknowledged before it began) is not sent.
 */
@Injectable()
export class EscalationPushHandler {
  private readonly logger = new Logger(EscalationPushHandler.name);

  constructor(
    private readonly steps: EscalationSteps,
    private readonly devices: PushDevices,
    private readonly deliveries: PushDeliveries,
    private readonly delivery: PushDelivery,
  ) {}

  @JobHandler('push', 'escalation-push')
  async handle(data: EscalationPushJob, job: Job): Promise<void> {
    const record: OwedPush = { jobId: job.id ?? '', ...data, eventSeq: null, escalationStep: data.step };
    const [facts, target] = await Promise.all([
      this.steps.mailFacts(data.alarmId, data.step),
      this.devices.forSite(data.deviceId, data.hwaddr),
    ]);
    if (!facts || !target) {
      await this.deliveries.failed(record.jobId, facts ? PUSH_NOT_OWED : ESCALATION_STOP_REASONS.alarmGone, true);
      this.logger.log({ deviceId: data.deviceId }, 'escalation push no longer owed: nothing sent');
      return;
    }
    const message = escalationPushMessage(
      { ...facts, alarmId: data.alarmId, hwaddr: data.hwaddr, step: data.step },
      target.nickname,
    );
    await this.delivery.deliver(job, record, target, message, facts.kind === 'fire');
  }

  @JobGivenUp('push', 'escalation-push')
  givenUp(data: EscalationPushJob, job: Job, reason: string): Promise<void> {
    return this.delivery.givenUp(job, data.deviceId, reason);
  }
}
