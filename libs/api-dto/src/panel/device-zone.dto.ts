import type { DeviceZoneRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { MOD_IDX_PROPERTY, PORT_ID_PROPERTY } from '../openapi/api-property.constants';
import { wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/panel/{networkId}/tmp-zone. */
export class DeviceZoneDto implements DeviceZoneRequest {
  @ApiProperty(PORT_ID_PROPERTY)
  @Rule(wholeNumber(0))
  port_id!: number;

  @ApiProperty(MOD_IDX_PROPERTY)
  @Rule(wholeNumber(0))
  mod_idx!: number;

  @ApiProperty({ type: Number, format: 'int32', minimum: 0, description: 'The zone to move the device to' })
  @Rule(wholeNumber(0))
  zoneId!: number;
}
