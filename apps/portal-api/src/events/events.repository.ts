import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EventDto, EventsPage } from '@app/contracts';
import { EventEntity } from '@app/database';

export interface EventsSearch {
  hwaddr: string;
  from: Date;
  /** No upper bound when absent: the latest events whatever the clocks say. */
  to?: Date;
  networkId?: number;
  category?: string;
  limit: number;
  offset: number;
}

/**
 * Events of a site by range of arrival, newest first, on the (hwaddr[, network_id], received_at DESC,
 * id DESC) indexes: by when the portal received them, whatever the panel's clock said.
 */
@Injectable()
export class EventsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async search(search: EventsSearch): Promise<EventsPage> {
    const query = this.dataSource
      .getRepository(EventEntity)
      .createQueryBuilder('event')
      .where('event.hwaddr = :hwaddr', { hwaddr: search.hwaddr })
      .andWhere('event.received_at >= :from', { from: search.from });
    if (search.to !== undefined) query.andWhere('event.received_at <= :to', { to: search.to });
    if (search.networkId !== undefined)
      query.andWhere('event.network_id = :networkId', { networkId: search.networkId });
    if (search.category !== undefined) query.andWhere('event.category = :category', { category: search.category });
    // The page and the count side by side on two pooled connections: one round trip, not two. A
    // plain count(*), not getCount()'s COUNT(DISTINCT id), which sorts every id of the range first.
    const [rows, counted] = await Promise.all([
      query
        .clone()
        .orderBy('event.received_at', 'DESC')
        .addOrderBy('event.id', 'DESC')
        .limit(search.limit)
        .offset(search.offset)
        .getMany(),
      query.clone().select('count(*)', 'total').getRawOne<{ total: string }>(),
    ]);
    return { events: rows.map(toEventDto), total: Number(counted?.total ?? 0) };
  }
}

export function toEventDto(event: EventEntity): EventDto {
  return {
    id: event.id,
    hwaddr: event.hwaddr,
    networkId: event.networkId,
    category: event.category,
    title: event.title,
    date: event.date.toISOString(),
    location: event.location,
    receivedAt: event.receivedAt.toISOString(),
    test: event.test,
  };
}
