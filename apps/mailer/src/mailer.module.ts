import { DynamicModule, Module, OnModuleInit } from '@nestjs/common';
import { DatabaseModule, DeadLettersRepository } from '@app/database';
import { DeadLettersModule, JobsModule, MessageHandlersModule, NatsModule, QueueModule } from '@app/messaging';
import { HealthRegistry, PlatformModule } from '@app/platform';
import { MailerAlarmPathWarmup } from './alerts/mailer-alarm-path-warmup.service';
import { MailDeliverySweep } from './deliveries/mail-delivery-sweep.service';
import { StoredEvents } from './deliveries/stored-events.repository';
import { StoredOutages } from './deliveries/stored-outages.repository';
import { AlarmEscalationMailHandler } from './escalations/alarm-escalation-mail.handler';
import { EscalationStepHandler } from './escalations/escalation-step.handler';
import { EscalationStepSweep } from './escalations/escalation-step-sweep.service';
import { EscalationSteps } from './escalations/escalation-steps.repository';
import { EventAlertMailHandler } from './mail/event-alert-mail.handler';
import { MailContent } from './mail/mail-content.service';
import { MailSender } from './mail/mail-sender.service';
import { PanelOutageMailHandler } from './mail/panel-outage-mail.handler';
import { InvitationMailHandler } from './mail/invitation-mail.handler';
import { PasswordResetMailHandler } from './mail/password-reset-mail.handler';
import { MailerAlarmChannelsModule } from './mailer-alarm-channels.module';
import type { MailerConfig } from './mailer.config';
import { MAILER_CONFIG } from './mailer.constants';
import { MailerMetrics } from './metrics/mailer-metrics.service';
import { AlarmPushHandler } from './push/alarm-push.handler';
import { EscalationPushHandler } from './push/escalation-push.handler';
import { OutagePushHandler } from './push/outage-push.handler';
import { PushDelivery } from './push/push-delivery.service';
import { PushAlarmIds } from './push/push-alarm-ids.repository';
import { PushDeliverySweep } from './push/push-delivery-sweep.service';
import { TestPushHandler } from './push/test-push.handler';
import { SmtpTransport } from './smtp/smtp-transport.service';
import { WebhookAlarmPathWarmup } from './webhooks/webhook-alarm-path-warmup.service';
import { WebhookDeliveries } from './webhooks/webhook-deliveries.repository';
import { WebhookDeliveryHandler } from './webhooks/webhook-delivery.handler';
import { WebhookDeliverySweep } from './webhooks/webhook-delivery-sweep.service';
import { WebhookHttp } from './webhooks/webhook-http.service';

/**
 * Sends every message that leaves the portal: e-mails (fire and fault alerts, panels' communication
 * lost and back, alarms' escalation steps, password resets), sites' webhooks (docs/webhooks.md) and
 * alarm pushes to users' devices (docs/push.md).
 */
@Module({})
export class MailerModule implements OnModuleInit {
  constructor(
    private readonly health: HealthRegistry,
    private readonly smtp: SmtpTransport,
  ) {}

  static forRoot(config: MailerConfig): DynamicModule {
    return {
      module: MailerModule,
      imports: [
        PlatformModule.forRoot(config.runtime),
        // The schema belongs to portal-api, which migrates it; this app only reads and writes rows.
        DatabaseModule.forRoot({ ...config.database.connection, applicationName: config.runtime.appName }),
        NatsModule.forRoot(config.nats),
        DeadLettersModule.forRoot(config.consumers, DeadLettersRepository),
        QueueModule.forRoot(config.redis),
        JobsModule.forRoot({
          queues: {
            mail: { concurrency: config.delivery.concurrency },
            webhooks: { concurrency: config.webhooks.concurrency },
            // A step is one short transaction; its mails go on the mail queue.
            escalations: { concurrency: 4 },
            push: { concurrency: config.push.concurrency },
          },
          stall: config.jobs,
        }),
        MessageHandlersModule.forApp('mailer'),
        // MailAlarmChannel, WebhookAlarmChannel and PushAlarmChannel, with what they need.
        MailerAlarmChannelsModule.forRoot(config),
      ],
      providers: [
        { provide: MAILER_CONFIG, useValue: config },
        { provide: SmtpTransport, useFactory: () => new SmtpTransport(config.smtp) },
        {
          provide: MailContent,
          useFactory: () => new MailContent(config.publicUrl, config.timeDesyncThresholdSeconds),
        },
        StoredEvents,
        StoredOutages,
        MailDeliverySweep,
        MailerMetrics,
        MailSender,
        EventAlertMailHandler,
        PasswordResetMailHandler,
        InvitationMailHandler,
        PanelOutageMailHandler,
        MailerAlarmPathWarmup,
        { provide: WebhookHttp, useFactory: () => new WebhookHttp(config.webhooks) },
        WebhookDeliveries,
        WebhookAlarmPathWarmup,
        WebhookDeliveryHandler,
        WebhookDeliverySweep,
        EscalationSteps,
        EscalationStepHandler,
        EscalationStepSweep,
        AlarmEscalationMailHandler,
        PushAlarmIds,
        PushDelivery,
        AlarmPushHandler,
        EscalationPushHandler,
        OutagePushHandler,
        TestPushHandler,
        PushDeliverySweep,
      ],
    };
  }

  onModuleInit(): void {
    this.health.register({ name: 'smtp', check: () => this.smtp.verify() });
  }
}
