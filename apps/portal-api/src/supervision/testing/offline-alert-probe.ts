import request from 'supertest';
import type { DataSource } from 'typeorm';
import { QUEUE_NAMES, type NotificationDto, type OutageChange, type SiteSummary } from '@app/contracts';
import { PanelOutageEntity, type PanelOutageStatus } from '@app/database';
import type { QueueService } from '@app/messaging';
import { waitUntil } from '@app/testing';
import type { ReceivedMail, SmtpTestServer } from '../../../../mailer/src/testing/smtp-test-server';
import type { PortalApiTestApp } from '../../testing/portal-api-test-app';

/** 'lost' or 'restored' mails, by their subject (apps/mailer/src/templates/panel-*.txt). */
const SUBJECT_ENDINGS: Record<OutageChange, string> = {
  lost: ': panel communication lost',
  restored: ': panel communication restored',
};

/**
 * What the tests of 'Panel communication lost' look at: the outage rows, the mail queue and the SMTP
 * server's mails, the API as a user's browser reads it. Every wait is for a condition.
 */
export class OfflineAlertProbe {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mailQueues: QueueService,
    private readonly smtp: SmtpTestServer,
  ) {}

  outages(hwaddr: string): Promise<PanelOutageEntity[]> {
    return this.dataSource.getRepository(PanelOutageEntity).find({ where: { hwaddr }, order: { id: 'ASC' } });
  }

  /** The panel's losses once they are `statuses`, in order (one status per loss). */
  async waitForOutages(
    hwaddr: string,
    statuses: PanelOutageStatus[],
    timeoutMs = 30_000,
  ): Promise<PanelOutageEntity[]> {
    return waitUntil(
      async () => {
        const rows = await this.outages(hwaddr);
        return rows.length === statuses.length && rows.every((row, index) => row.status === statuses[index])
          ? rows
          : undefined;
      },
      `the losses of ${hwaddr} to be ${statuses.join(', ')}`,
      timeoutMs,
    );
  }

  /** Every mail decided is queued, and the mailer has nothing left to send or try again. */
  async mailsSettled(): Promise<void> {
    const queue = this.mailQueues.queue(QUEUE_NAMES.mail);
    await waitUntil(
      async () => {
        const unqueued = await this.dataSource.query<unknown[]>(
          `SELECT id FROM panel_outages WHERE mailed_at IS NOT NULL AND (lost_mails_queued_at IS NULL
             OR (status = 'restored' AND restored_mails_queued_at IS NULL))`,
        );
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return unqueued.length === 0 && Object.values(counts).every((count) => count === 0);
      },
      'outage mails queued and sent',
      60_000,
    );
  }

  mails(address: string, kind: OutageChange): ReceivedMail[] {
    return this.smtp.mailsTo(address).filter((mail) => mail.subject.endsWith(SUBJECT_ENDINGS[kind]));
  }
}

/** The site's notifications as the user's browser lists them. */
export async function notificationsOf(
  portal: PortalApiTestApp,
  token: string,
  hwaddr: string,
): Promise<NotificationDto[]> {
  const response = await request(portal.server)
    .get('/api/notifications/list')
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  return (response.body as NotificationDto[]).filter((entry) => entry.hwaddr === hwaddr);
}

/** The site's tile as the user's Site Manager lists it. */
export async function tileOf(portal: PortalApiTestApp, token: string, hwaddr: string): Promise<SiteSummary> {
  const response = await request(portal.server)
    .get('/api/v2/sites')
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  return (response.body as SiteSummary[]).find((site) => site.hwaddr === hwaddr)!;
}

/** The user's e-mail address, as registerUser makes it. */
export function emailOf(user: { name: string }): string {
  return `${user.name.toLowerCase()}@example.com`;
}
