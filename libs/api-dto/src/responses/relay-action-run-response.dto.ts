import { HANDLED_BEFORE_RESTORE, type RelayActionRunDto } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ID_PROPERTY, ISO_DATE_PROPERTY, STORED_HWADDR_PROPERTY } from '../openapi/api-property.constants';

/** One firing of one of a relay's actions for one panel event. */
export class RelayActionRunResponseDto implements RelayActionRunDto {
  @ApiProperty(ID_PROPERTY)
  id!: number;

  @ApiProperty(ID_PROPERTY)
  action_id!: number;

  @ApiProperty(STORED_HWADDR_PROPERTY)
  hwaddr!: string;

  @ApiProperty({ type: Number, format: 'int64', description: "The panel's event sequence number" })
  event_seq!: number;

  @ApiProperty({ type: String, enum: ['fire', 'fault'] })
  trigger!: 'fire' | 'fault';

  @ApiProperty({
    type: String,
    enum: ['pending', 'succeeded', 'failed', 'suppressed', HANDLED_BEFORE_RESTORE],
    description:
      'suppressed: the site was in test mode when the event arrived, nothing was driven; handled-before-restore: driven (or tried) before a database restore lost its record',
  })
  status!: RelayActionRunDto['status'];

  @ApiProperty({ type: Number, format: 'int32' })
  attempts!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The last failure's reason; for a suppressed run, the site's test mode and its reason; for a run handled before a database restore, why",
  })
  error!: string | null;

  @ApiProperty(ISO_DATE_PROPERTY)
  created_at!: string;

  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true })
  finished_at!: string | null;
}
