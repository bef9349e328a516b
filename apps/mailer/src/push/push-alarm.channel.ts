import { Inject, Injectable } from '@nestjs/common';
import { AlarmReactions, type AlarmChannel, type AlarmEvent } from '@app/alarm-reactions';
import { HANDLED_BEFORE_RESTORE, type AlarmPushJob, type PanelEventMessage } from '@app/contracts';
import { AlertConsumers, alarmPushJob, enqueuePushes, QueueService, type QueuedJob } from '@app/messaging';
import type { OwedPush } from '@app/database';
import type { MailerConfig } from '../mailer.config';
import { MAILER_CONFIG } from '../mailer.constants';
import { PushDeliveries } from './push-deliveries.repository';
import { PushDevices } from './push-devices.repository';
import { PushSender } from './push-sender.service';

/** One push an alarm owes: its job (made once, for its record and its queue). */
type OwedAlarmPush = QueuedJob<AlarmPushJob>;

/**
 * The push channel of the alarm pipeline (AlarmReactions; docs/push.md): a fire or fault owes each
 * device of each user with access to its site one push, recorded in push_deliveries, and one job
 * whose id comes from the event and the device. Nothing is owed while push is not set up (no VAPID
 * keys). Read by the mailer's own durable consumers, so pushes never wait on mails or webhooks.
 */
@Injectable()
export class PushAlarmChannel implements AlarmChannel<OwedAlarmPush> {
  readonly name = 'push';
  readonly logLines = { queued: 'alarm pushes queued', suppressed: 'alarm pushes suppressed: site in test mode' };

  constructor(
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
    private readonly reactions: AlarmReactions,
    private readonly devices: PushDevices,
    private readonly deliveries: PushDeliveries,
    private readonly sender: PushSender,
    private readonly queues: QueueService,
  ) {}

  // A first deployment pushes nothing about alarms already in the stream.
  @AlertConsumers('push', { health: 'pushEventsConsumer', deliverFrom: 'new' })
  handle(event: PanelEventMessage): Promise<void> {
    return this.reactions.react(this, event);
  }

  async owed(alarm: AlarmEvent): Promise<OwedAlarmPush[]> {
    if (!this.sender.enabled) return [];
    const devices = await this.devices.ofSite(alarm.hwaddr, alarm.category !== 'fire');
    return devices.map((device) =>
      alarmPushJob(alarm, { id: device.deviceId, name: device.name, userId: device.userId }, this.config.push),
    );
  }

  recordOwed(_alarm: AlarmEvent, pushes: readonly OwedAlarmPush[]): Promise<void> {
    return this.deliveries.recordOwed(pushes.map(owedPush));
  }

  enqueue(_alarm: AlarmEvent, pushes: readonly OwedAlarmPush[]): Promise<void> {
    return enqueuePushes(this.queues, pushes);
  }

  recordSuppressed(_alarm: AlarmEvent, pushes: readonly OwedAlarmPush[], reason: string): Promise<void> {
    return this.deliveries.recordOwed(pushes.map(owedPush), 'suppressed', reason);
  }

  recordHandledBeforeRestore(_alarm: AlarmEvent, pushes: readonly OwedAlarmPush[], reason: string): Promise<void> {
    return this.deliveries.recordOwed(pushes.map(owedPush), HANDLED_BEFORE_RESTORE, reason);
  }

  describe(pushes: readonly OwedAlarmPush[]): Record<string, unknown> {
    return { deviceIds: pushes.map((push) => push.data.deviceId) };
  }
}

/** The delivery record of a push job. */
export function owedPush(job: OwedAlarmPush): OwedPush {
  return {
    jobId: job.opts.jobId!,
    deviceId: job.data.deviceId,
    deviceName: job.data.deviceName,
    userId: job.data.userId,
    hwaddr: job.data.hwaddr,
    eventSeq: job.data.seq,
  };
}
