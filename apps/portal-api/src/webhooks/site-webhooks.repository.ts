import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { WEBHOOK_DELIVERIES_LISTED } from '@app/contracts';
import {
  OPEN_WEBHOOK_STATES_SQL,
  WebhookAttemptEntity,
  WebhookDeliveryEntity,
  WebhookEndpointEntity,
} from '@app/database';

/** A site's webhook as stored, to set. */
export type WebhookSettings = Pick<WebhookEndpointEntity, 'hwaddr' | 'url' | 'secret' | 'updatedBy'>;

/** webhook_endpoints, and the deliveries the site's webhook screen lists. */
@Injectable()
export class SiteWebhooksRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  of(hwaddr: string, manager: EntityManager = this.dataSource.manager): Promise<WebhookEndpointEntity | null> {
    return manager.getRepository(WebhookEndpointEntity).findOneBy({ hwaddr });
  }

  /** Sets the site's one webhook (created, or its URL and secret replaced), under a lock on its row. */
  async set(settings: WebhookSettings, now: Date): Promise<WebhookEndpointEntity> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO webhook_endpoints (hwaddr, url, secret, updated_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (hwaddr) DO UPDATE SET url = EXCLUDED.url, secret = EXCLUDED.secret,
         updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
       RETURNING id`,
      [settings.hwaddr, settings.url, settings.secret, settings.updatedBy, now],
    );
    return this.dataSource.getRepository(WebhookEndpointEntity).findOneByOrFail({ id: Number(rows[0].id) });
  }

  /**
   * Removes the site's webhook: what it is still owed is cancelled with why, in the same
   * transaction, so no job posts to a removed webhook. False when there was none.
   */
  remove(hwaddr: string, reason: string): Promise<boolean> {
    return this.transaction(async (manager) => {
      const endpoint = await manager
        .getRepository(WebhookEndpointEntity)
        .findOne({ where: { hwaddr }, lock: { mode: 'pessimistic_write' } });
      if (!endpoint) return false;
      await manager.query(
        `UPDATE webhook_deliveries SET state = 'cancelled', reason = $2
         WHERE endpoint_id = $1 AND state IN ${OPEN_WEBHOOK_STATES_SQL}`,
        [endpoint.id, reason],
      );
      await manager.delete(WebhookEndpointEntity, { id: endpoint.id });
      return true;
    });
  }

  /** The site's latest deliveries, newest first, each with its tries in order. */
  async deliveries(
    hwaddr: string,
    only?: { endpointId: number; messageId: string },
  ): Promise<Array<{ delivery: WebhookDeliveryEntity; attempts: WebhookAttemptEntity[] }>> {
    const deliveries = await this.dataSource.getRepository(WebhookDeliveryEntity).find({
      where: only ? { hwaddr, endpointId: only.endpointId, messageId: only.messageId } : { hwaddr },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: WEBHOOK_DELIVERIES_LISTED,
    });
    if (deliveries.length === 0) return [];
    const attempts = await this.dataSource
      .getRepository(WebhookAttemptEntity)
      .createQueryBuilder('attempt')
      .where('attempt.delivery_id = ANY(:ids)', { ids: deliveries.map((delivery) => delivery.id) })
      .orderBy('attempt.attempt', 'ASC')
      .getMany();
    return deliveries.map((delivery) => ({
      delivery,
      attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
    }));
  }
}
