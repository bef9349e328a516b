import { PickType } from '@nestjs/swagger';
import { EventsQueryDto } from './events-query.dto';

/**
 * GET /v2/sites/{hwaddr}/events/export: the events list's range and filters, each with the same
 * check and message, and no paging (an export holds every matching event).
 */
export class EventsExportQueryDto extends PickType(EventsQueryDto, [
  'start',
  'end',
  'networkId',
  'category',
] as const) {}
