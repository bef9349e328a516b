import { isPackedDayNight, type DeviceSettings, type DeviceSettingsRequest, type Mode } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MOD_IDX_PROPERTY, PORT_ID_PROPERTY, SELECTABLE_MODE_PROPERTY } from '../openapi/api-property.constants';
import { boolean, selectableMode, wholeNumber, type FieldCheck } from '../validation/field-checks.util';
import { Nested, OptionalRule, Rule } from '../validation/field-rule.decorator';

const packedDayNight: FieldCheck = (value, field) =>
  isPackedDayNight(value) ? null : `${field} must hold a day option in bits 0-2 and a night option in bits 4-6`;

const WHOLE_NUMBER = { type: Number, format: 'int32', minimum: 0 } as const;

/**
 * The settings fields any device may carry. Which of them its port type uses, and which modes its
 * device type allows, are checked against the panel's configuration, not here.
 */
export class DeviceSettingsFieldsDto implements DeviceSettings {
  @ApiPropertyOptional({ ...SELECTABLE_MODE_PROPERTY, description: "One of the modes the device's type allows" })
  @OptionalRule(selectableMode)
  mode?: Mode;

  @ApiPropertyOptional({ ...WHOLE_NUMBER, description: 'Loop address of the device' })
  @OptionalRule(wholeNumber(0))
  address?: number;

  @ApiPropertyOptional({ ...WHOLE_NUMBER, description: 'Day option in bits 0-2, night option in bits 4-6' })
  @OptionalRule(packedDayNight)
  deviceOptions?: number;

  @ApiPropertyOptional(WHOLE_NUMBER)
  @OptionalRule(wholeNumber(0))
  inputType?: number;

  @ApiPropertyOptional({ ...WHOLE_NUMBER, description: 'Seconds' })
  @OptionalRule(wholeNumber(0))
  resetTime?: number;

  @ApiPropertyOptional(WHOLE_NUMBER)
  @OptionalRule(wholeNumber(0))
  sounderType?: number;

  @ApiPropertyOptional({ type: Boolean })
  @OptionalRule(boolean)
  isNormallyClosed?: boolean;

  @ApiPropertyOptional(WHOLE_NUMBER)
  @OptionalRule(wholeNumber(0))
  relayType?: number;
}

/** Saves a device's settings. */
export class DeviceSettingsDto implements DeviceSettingsRequest {
  @ApiProperty(PORT_ID_PROPERTY)
  @Rule(wholeNumber(0))
  port_id!: number;

  @ApiProperty(MOD_IDX_PROPERTY)
  @Rule(wholeNumber(0))
  mod_idx!: number;

  @ApiProperty({
    type: () => DeviceSettingsFieldsDto,
    description: "Only the fields the device's port type uses; the ones left out keep their values",
  })
  @Nested(() => DeviceSettingsFieldsDto)
  settings!: DeviceSettingsFieldsDto;
}
