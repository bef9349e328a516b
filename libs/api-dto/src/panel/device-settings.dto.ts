import { isPackedDayNight, type DeviceSettings, type DeviceSettingsRequest, type Mode } from '@app/contracts';
import { boolean, selectableMode, wholeNumber, type FieldCheck } from '../validation/field-checks.util';
import { Nested, OptionalRule, Rule } from '../validation/field-rule.decorator';

const packedDayNight: FieldCheck = (value, field) =>
  isPackedDayNight(value) ? null : `${field} must hold a day option in bits 0-2 and a night option in bits 4-6`;

/**
 * The settings fields any device may carry. Which of them its port type uses, and which modes its
 * device type allows, are checked against the panel's configuration, not here.
 */
export class DeviceSettingsFieldsDto implements DeviceSettings {
  @OptionalRule(selectableMode) mode?: Mode;
  @OptionalRule(wholeNumber(0)) address?: number;
  @OptionalRule(packedDayNight) deviceOptions?: number;
  @OptionalRule(wholeNumber(0)) inputType?: number;
  @OptionalRule(wholeNumber(0)) resetTime?: number;
  @OptionalRule(wholeNumber(0)) sounderType?: number;
  @OptionalRule(boolean) isNormallyClosed?: boolean;
  @OptionalRule(wholeNumber(0)) relayType?: number;
}

/** Saves a device's settings. */
export class DeviceSettingsDto implements DeviceSettingsRequest {
  @Rule(wholeNumber(0)) port_id!: number;
  @Rule(wholeNumber(0)) mod_idx!: number;
  @Nested(() => DeviceSettingsFieldsDto) settings!: DeviceSettingsFieldsDto;
}
