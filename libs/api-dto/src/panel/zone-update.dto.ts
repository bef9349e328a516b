import type { Mode, ZoneUpdateRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { PANEL_TEXT_PROPERTY, SELECTABLE_MODE_PROPERTY } from '../openapi/api-property.constants';
import { panelText, selectableMode, wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/panel/{networkId}/zone. */
export class ZoneUpdateDto implements ZoneUpdateRequest {
  @ApiProperty({ type: Number, format: 'int32', minimum: 0, description: 'Zone id' })
  @Rule(wholeNumber(0))
  id!: number;

  @ApiProperty(PANEL_TEXT_PROPERTY)
  @Rule(panelText)
  name!: string;

  @ApiProperty(SELECTABLE_MODE_PROPERTY)
  @Rule(selectableMode)
  mode!: Mode;
}
