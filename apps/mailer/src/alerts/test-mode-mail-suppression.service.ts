import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { eventMailJobId, testModeSuppressionReason, type PanelEventMessage } from '@app/contracts';
import { alarmTestMode, type AlarmTestMode } from '@app/database';
import { MailDeliveries } from '../deliveries/mail-deliveries.repository';
import type { AlertRecipient } from './alert-recipients.repository';

/**
 * Test mode (docs/test-mode.md): a fire or fault that arrived while its site was in test mode is
 * mailed to no one. Each mail it would have sent is recorded in mail_deliveries as suppressed, with
 * the test mode's reason, under the job id it would have had. The decision is the event's one
 * decision (alarmTestMode), the one portal-api marks it with and the relay-worker follows.
 */
@Injectable()
export class TestModeMailSuppression {
  private readonly logger = new Logger(TestModeMailSuppression.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly deliveries: MailDeliveries,
  ) {}

  /** The test mode that covered the alarm's arrival, or null: its mails are then sent. */
  decide(event: PanelEventMessage): Promise<AlarmTestMode | null> {
    return alarmTestMode(this.dataSource, event);
  }

  /** Records the mails a test alarm would have sent as suppressed: none is to be queued. */
  async suppress(event: PanelEventMessage, recipients: AlertRecipient[], testMode: AlarmTestMode): Promise<void> {
    const reason = testModeSuppressionReason(testMode.reason);
    for (const recipient of recipients)
      await this.deliveries.suppressed(
        {
          jobId: eventMailJobId(event.hwaddr, event.seq, recipient.userId),
          kind: 'event-alert',
          recipient: recipient.email,
          userId: recipient.userId,
          hwaddr: event.hwaddr,
          eventSeq: event.seq,
        },
        reason,
      );
    // The alert consumer's scope names the event (its correlation id, panel, network and sequence).
    this.logger.log(
      { category: event.category, testModeId: testMode.testModeId, userIds: recipients.map((r) => r.userId) },
      'alert mails suppressed: site in test mode',
    );
  }
}
