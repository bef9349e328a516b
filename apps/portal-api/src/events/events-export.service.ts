import type { Writable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { defaultEventRange, isEventCategory } from '@app/contracts';
import { Clock } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { eventsExportFileName } from './events-export-format.util';
import { EVENTS_EXPORT_BATCH_ROWS } from './events-export.constants';
import { EventsExportRepository, type EventsExportFilter } from './events-export.repository';
import { EventsExportSlots } from './events-export-slots.service';
import { writeEventsCsv } from './events-export-stream.util';

/** The events list's query without paging, as the export route receives it. */
export interface EventsExportQuery {
  start?: string;
  end?: string;
  networkId?: number;
  category?: string;
}

/** An export allowed and ready: its file name, and the CSV written to a stream when asked. */
export interface EventsExport {
  fileName: string;
  writeTo(out: Writable): Promise<void>;
}

/**
 * A site's events as CSV: the same range, filters and access rule as the events list (an AUTHED
 * claim on the site now), every matching event rather than a page, read and written batch by batch.
 */
@Injectable()
export class EventsExportService {
  private readonly logger = new Logger(EventsExportService.name);

  constructor(
    private readonly access: PanelAccessService,
    private readonly events: EventsExportRepository,
    private readonly slots: EventsExportSlots,
    private readonly clock: Clock,
  ) {}

  /** Refuses (DomainError) before anything is written: no access, or the user's exports all running. */
  async open(claims: ClaimsIdentity, hwaddr: string, query: EventsExportQuery): Promise<EventsExport> {
    const now = this.clock.now();
    const filter: EventsExportFilter = {
      hwaddr,
      from: query.start ? new Date(query.start) : defaultEventRange(now).start,
      to: query.end ? new Date(query.end) : undefined,
      networkId: query.networkId,
      category: isEventCategory(query.category) ? query.category : undefined,
    };
    const nickname = await this.access.readIfMayOpen(claims, hwaddr, () =>
      this.events.nicknameOf(claims.userId, hwaddr),
    );
    const slot = await this.slots.take(claims.userId);
    return {
      fileName: eventsExportFileName(nickname, hwaddr, filter.from, filter.to ?? now, {
        networkId: filter.networkId,
        category: filter.category,
      }),
      writeTo: async (out) => {
        try {
          const end = await writeEventsCsv((after) => this.events.batch(filter, after, EVENTS_EXPORT_BATCH_ROWS), out);
          if (end === 'closed') this.logger.log({ hwaddr }, 'events export stopped: the client went away');
        } catch (error) {
          // The answer has begun: it can only be cut short, which the client sees as a failed download.
          this.logger.error({ hwaddr, err: error }, 'events export failed');
          out.destroy(error as Error);
        } finally {
          await slot.release();
        }
      },
    };
  }
}
