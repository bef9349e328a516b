import { RELAY_PULSE_MAX_SECONDS, type RelayActionRequest, type RelayTriggerSettings } from '@app/contracts';
import { boolean, wholeNumber } from '../validation/field-checks.util';
import { Nested, OptionalRule, Rule } from '../validation/field-rule.decorator';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** What a relay does on one kind of event: seconds per relay (0 = none) and the I/O ports to switch. */
export class RelayTriggerSettingsDto implements RelayTriggerSettings {
  @Rule(wholeNumber(0, RELAY_PULSE_MAX_SECONDS)) relay_1!: number;
  @Rule(wholeNumber(0, RELAY_PULSE_MAX_SECONDS)) relay_2!: number;
  @Rule(boolean) io_1!: boolean;
  @Rule(boolean) io_2!: boolean;
  @Rule(boolean) io_3!: boolean;
  @Rule(boolean) io_4!: boolean;
}

export class RelayActionFieldsDto {
  /** Present when saving an existing action; left out to add one. */
  @OptionalRule(wholeNumber(1, Number.MAX_SAFE_INTEGER)) id?: number;
  @HwaddrField() hwaddr!: string;
  @Nested(() => RelayTriggerSettingsDto) on_fire!: RelayTriggerSettingsDto;
  @Nested(() => RelayTriggerSettingsDto) on_fault!: RelayTriggerSettingsDto;
}

/** POST /relays/{id}/actions. */
export class RelayActionRequestDto implements RelayActionRequest {
  @Nested(() => RelayActionFieldsDto) action!: RelayActionFieldsDto;
}
