import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { currentAttempt, isLastAttempt } from '@app/messaging';
import { Clock } from '@app/platform';
import { MailDeliveries, type DeliveryStart } from '../deliveries/mail-deliveries.repository';
import { MailerMetrics } from '../metrics/mailer-metrics.service';
import { classifySmtpFailure } from '../smtp/smtp-failure.util';
import { SmtpTransport, type OutgoingMail } from '../smtp/smtp-transport.service';

export type DeliveryFacts = Omit<DeliveryStart, 'jobId'>;

/**
 * Sends one mail job's mail and records the outcome. A temporary failure rethrows so that BullMQ
 * tries again with backoff; a permanent one (or the last try) is recorded as failed with its
 * reason, and a permanent one stops the retries at once. One line per outcome, in the job's scope
 * (its id, and the correlation id, panel and user its data names).
 */
@Injectable()
export class MailSender {
  private readonly logger = new Logger(MailSender.name);

  constructor(
    private readonly transport: SmtpTransport,
    private readonly deliveries: MailDeliveries,
    private readonly metrics: MailerMetrics,
    private readonly clock: Clock,
  ) {}

  /** The configured sender, whose domain names the mails' Message-IDs. */
  get from(): string {
    return this.transport.config.from;
  }

  /** Returns the moment the SMTP server accepted the mail, or null when it had been sent (or withheld) before. */
  async send(job: Job, facts: DeliveryFacts, mail: OutgoingMail): Promise<Date | null> {
    const jobId = deliveryId(job);
    const attempt = currentAttempt(job);
    const lastAttempt = isLastAttempt(job);
    const { alreadySent, possibleRepeat, withheld } = await this.deliveries.begin({ ...facts, jobId });
    if (withheld) {
      this.logger.log({ kind: facts.kind }, 'mail withheld before it was sent: not sending it');
      return null;
    }
    if (alreadySent) {
      this.logger.log({ kind: facts.kind }, 'mail sent before: not sending it again');
      return null;
    }
    if (possibleRepeat)
      this.logger.warn(
        { kind: facts.kind },
        'a copy stopped while sending this mail, outcome unknown: sending again (a possible repeat)',
      );
    try {
      await this.transport.send(mail);
    } catch (error) {
      const failure = classifySmtpFailure(error);
      const final = failure.permanent || lastAttempt;
      await this.deliveries.failed(jobId, failure.reason, final, failure.mayHaveBeenAccepted);
      if (final) {
        this.metrics.countFailed(facts.kind);
        this.logger.error(
          { kind: facts.kind, recipient: facts.recipient, tries: attempt, reason: failure.reason },
          'mail failed for good',
        );
      } else {
        this.metrics.countRetried(facts.kind);
        this.logger.warn({ kind: facts.kind, reason: failure.reason }, 'mail not sent, trying again');
      }
      throw failure.permanent ? new UnrecoverableError(failure.reason) : new Error(failure.reason);
    }
    const acceptedAt = this.clock.now();
    await this.deliveries.sent(jobId, acceptedAt);
    this.metrics.countSent(facts.kind);
    this.logger.log({ kind: facts.kind, possibleRepeat }, 'mail sent');
    return acceptedAt;
  }

  /** The job's mail is no longer owed (see MailDeliveries.notOwed): nothing is sent. */
  async notOwed(job: Job, reason: string): Promise<void> {
    await this.deliveries.notOwed(deliveryId(job), reason);
  }

  /**
   * Records the mail of a job that failed its last try without reaching `send`'s own last-try path
   * (its copies died while sending): failed for good, unless it was recorded sent. `facts` null:
   * the recipient is no longer known, so only an existing record can be marked.
   */
  async givenUp(job: Job, kind: DeliveryFacts['kind'], facts: DeliveryFacts | null, reason: string): Promise<boolean> {
    const jobId = deliveryId(job);
    const recorded = facts
      ? await this.deliveries.gaveUp({ ...facts, jobId }, reason)
      : await this.deliveries.failed(jobId, reason, true);
    if (recorded) this.metrics.countFailed(kind);
    return recorded;
  }
}

/** The delivery record's key: the job's id, stable across its tries. */
function deliveryId(job: Job): string {
  return job.id ?? `${job.name}-${job.timestamp}`;
}
