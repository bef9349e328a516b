import { NOTIFICATION_TYPES, type NotificationDto, type TimeDesyncData } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ID_PROPERTY, ISO_DATE_PROPERTY, STORED_HWADDR_PROPERTY } from '../openapi/api-property.constants';

/** The data of a notification: the fields of its type. */
export class NotificationDataDto implements TimeDesyncData {
  @ApiPropertyOptional({ ...ISO_DATE_PROPERTY, description: 'TIME_DESYNC: when the event arrived' })
  recorded_time!: string;

  @ApiPropertyOptional({ ...ISO_DATE_PROPERTY, description: 'TIME_DESYNC: the time the panel reported' })
  panel_time!: string;

  @ApiPropertyOptional({ ...ID_PROPERTY, description: 'RELAY_FAILURE' })
  relay_id?: number;

  @ApiPropertyOptional({ type: String, description: 'RELAY_FAILURE' })
  relay_name?: string;

  @ApiPropertyOptional({ type: String, enum: ['fire', 'fault'], description: 'RELAY_FAILURE' })
  trigger?: string;

  @ApiPropertyOptional({ type: Number, format: 'int64', description: "RELAY_FAILURE: the panel's event number" })
  event_seq?: number;

  @ApiPropertyOptional({ type: String, description: 'RELAY_FAILURE: why the relay did not act' })
  error?: string;

  @ApiPropertyOptional({ ...ISO_DATE_PROPERTY, description: 'RELAY_FAILURE' })
  failed_at?: string;

  @ApiPropertyOptional({ ...ID_PROPERTY, description: 'TEST_MODE: which test mode of the site' })
  test_mode_id?: number;

  @ApiPropertyOptional({ type: String, description: 'TEST_MODE: the name of the user who started it' })
  started_by?: string;

  @ApiPropertyOptional({ type: String, description: 'TEST_MODE: why it was started' })
  reason?: string;

  @ApiPropertyOptional({ ...ISO_DATE_PROPERTY, description: 'TEST_MODE: when it ends by itself' })
  until?: string;

  @ApiPropertyOptional({ ...ISO_DATE_PROPERTY, nullable: true, description: 'TEST_MODE: when it ended; null while on' })
  ended_at?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'TEST_MODE: who ended it by hand; null when it ended by itself (or while on)',
  })
  ended_by?: string | null;
}

export class NotificationResponseDto implements NotificationDto {
  @ApiProperty(ID_PROPERTY)
  id!: number;

  @ApiProperty(STORED_HWADDR_PROPERTY)
  hwaddr!: string;

  @ApiProperty(ISO_DATE_PROPERTY)
  created_at!: string;

  @ApiProperty({ type: String, enum: [...NOTIFICATION_TYPES] })
  notification_type!: string;

  @ApiProperty({ type: () => NotificationDataDto })
  notification_data!: NotificationDataDto;

  @ApiProperty({ type: String })
  title!: string;

  @ApiProperty({ type: String })
  text!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Name of the user who resolved it' })
  resolved_by!: string | null;

  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true })
  resolved_on!: string | null;
}
