import type { RelayActionDto, RelayDto } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ID_PROPERTY, STORED_HWADDR_PROPERTY } from '../openapi/api-property.constants';
import { RelayTriggerSettingsDto } from '../relays/relay-action-request.dto';

export class RelayActionResponseDto implements RelayActionDto {
  @ApiProperty(ID_PROPERTY)
  id!: number;

  @ApiProperty(STORED_HWADDR_PROPERTY)
  hwaddr!: string;

  @ApiProperty({ type: () => RelayTriggerSettingsDto })
  on_fire!: RelayTriggerSettingsDto;

  @ApiProperty({ type: () => RelayTriggerSettingsDto })
  on_fault!: RelayTriggerSettingsDto;
}

/** A relay as the API answers it: never with its key. */
export class RelayResponseDto implements RelayDto {
  @ApiProperty(ID_PROPERTY)
  id!: number;

  @ApiProperty({ type: String })
  host!: string;

  @ApiProperty({ type: String })
  name!: string;

  @ApiProperty({ type: Number, format: 'int32' })
  port!: number;

  @ApiProperty({ type: () => RelayActionResponseDto, isArray: true })
  actions!: RelayActionResponseDto[];
}
