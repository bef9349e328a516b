import type { DeviceNameRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { MOD_IDX_PROPERTY, PANEL_TEXT_PROPERTY, PORT_ID_PROPERTY } from '../openapi/api-property.constants';
import { panelText, wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/panel/{networkId}/tmp-name. */
export class DeviceNameDto implements DeviceNameRequest {
  @ApiProperty(PORT_ID_PROPERTY)
  @Rule(wholeNumber(0))
  port_id!: number;

  @ApiProperty(MOD_IDX_PROPERTY)
  @Rule(wholeNumber(0))
  mod_idx!: number;

  @ApiProperty(PANEL_TEXT_PROPERTY)
  @Rule(panelText)
  name!: string;
}
