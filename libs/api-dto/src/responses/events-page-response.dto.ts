import { EVENT_CATEGORIES, type EventCategory, type EventDto, type EventsPage } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ID_PROPERTY, ISO_DATE_PROPERTY, STORED_HWADDR_PROPERTY } from '../openapi/api-property.constants';

export class EventResponseDto implements EventDto {
  @ApiProperty(ID_PROPERTY)
  id!: number;

  @ApiProperty(STORED_HWADDR_PROPERTY)
  hwaddr!: string;

  @ApiProperty({ type: Number, format: 'int32' })
  networkId!: number;

  @ApiProperty({ type: String, enum: [...EVENT_CATEGORIES] })
  category!: EventCategory;

  @ApiProperty({ type: String })
  title!: string;

  @ApiProperty({ ...ISO_DATE_PROPERTY, description: "The spec's date: what the panel's clock said" })
  date!: string;

  @ApiProperty({ type: String })
  location!: string;

  @ApiProperty({
    ...ISO_DATE_PROPERTY,
    description: 'When the portal received it: lists and exports are ordered and filtered by it',
  })
  receivedAt!: string;

  @ApiProperty({ type: Boolean, description: 'The event arrived while its site was in test mode' })
  test!: boolean;
}

/** One page of a site's events, newest first, and how many match in all. */
export class EventsPageResponseDto implements EventsPage {
  @ApiProperty({ type: () => EventResponseDto, isArray: true })
  events!: EventResponseDto[];

  @ApiProperty({ type: Number, format: 'int32', description: 'Events matching the query in all' })
  total!: number;
}
