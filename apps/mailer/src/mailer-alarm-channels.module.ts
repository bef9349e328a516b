import { DynamicModule, Module } from '@nestjs/common';
import { AlarmReactions } from '@app/alarm-reactions';
import { AlertRecipients } from './alerts/alert-recipients.repository';
import { MailAlarmChannel } from './alerts/mail-alarm.channel';
import { MailDeliveries } from './deliveries/mail-deliveries.repository';
import type { MailerConfig } from './mailer.config';
import { MAILER_CONFIG } from './mailer.constants';
import { PushAlarmChannel } from './push/push-alarm.channel';
import { PushDeliveries } from './push/push-deliveries.repository';
import { PushDevices } from './push/push-devices.repository';
import { PushHttp } from './push/push-http.service';
import { PushSender } from './push/push-sender.service';
import { WebhookAlarmChannel } from './webhooks/webhook-alarm.channel';

/** The channels, and what they read and write that the rest of the mailer uses too. */
const SHARED = [
  AlarmReactions,
  MailAlarmChannel,
  WebhookAlarmChannel,
  PushAlarmChannel,
  AlertRecipients,
  MailDeliveries,
  PushDevices,
  PushDeliveries,
  PushSender,
  PushHttp,
];

/**
 * The mailer's channels of the alarm pipeline (e-mail, webhook, push; docs/adding-an-alarm-channel.md)
 * with what they read and write, wired once: imported by the mailer, and by the replay after a
 * database restore (tools/restore-replay), which asks each channel what an alarm owed and records it
 * handled. One AlarmReactions for the three, so an alarm's test decision is asked once. Needs the
 * app's DataSource, NATS and queues.
 */
@Module({})
export class MailerAlarmChannelsModule {
  static forRoot(config: MailerConfig): DynamicModule {
    return {
      module: MailerAlarmChannelsModule,
      providers: [
        { provide: MAILER_CONFIG, useValue: config },
        { provide: PushHttp, useFactory: () => new PushHttp(config.push) },
        ...SHARED.filter((provider) => provider !== PushHttp),
      ],
      exports: SHARED,
    };
  }
}
