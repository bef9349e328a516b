import { RELAY_PULSE_MAX_SECONDS, type RelayActionRequest, type RelayTriggerSettings } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HWADDR_PROPERTY, ID_PROPERTY } from '../openapi/api-property.constants';
import { boolean, wholeNumber } from '../validation/field-checks.util';
import { Nested, OptionalRule, Rule } from '../validation/field-rule.decorator';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

const PULSE = {
  type: 'integer',
  format: 'int32',
  minimum: 0,
  maximum: RELAY_PULSE_MAX_SECONDS,
  description: `Seconds the relay closes for (0: not switched), at most ${RELAY_PULSE_MAX_SECONDS}: the boards count a pulse in milliseconds as a signed 32-bit number, and latch the relay on when it overflows`,
} as const;
const IO_PORT = { type: Boolean, description: 'Switch this I/O port' } as const;

/** What a relay does on one kind of event: seconds per relay (0 = none) and the I/O ports to switch. */
export class RelayTriggerSettingsDto implements RelayTriggerSettings {
  @ApiProperty(PULSE)
  @Rule(wholeNumber(0, RELAY_PULSE_MAX_SECONDS))
  relay_1!: number;

  @ApiProperty(PULSE)
  @Rule(wholeNumber(0, RELAY_PULSE_MAX_SECONDS))
  relay_2!: number;

  @ApiProperty(IO_PORT)
  @Rule(boolean)
  io_1!: boolean;

  @ApiProperty(IO_PORT)
  @Rule(boolean)
  io_2!: boolean;

  @ApiProperty(IO_PORT)
  @Rule(boolean)
  io_3!: boolean;

  @ApiProperty(IO_PORT)
  @Rule(boolean)
  io_4!: boolean;
}

export class RelayActionFieldsDto {
  /** Present when saving an existing action; left out to add one. */
  @ApiPropertyOptional({ ...ID_PROPERTY, description: 'The id of an existing action to save; left out to add one' })
  @OptionalRule(wholeNumber(1, Number.MAX_SAFE_INTEGER))
  id?: number;

  @ApiProperty({ ...HWADDR_PROPERTY, description: "One of the user's authorised sites; fixed once the action exists" })
  @HwaddrField()
  hwaddr!: string;

  @ApiProperty({ type: () => RelayTriggerSettingsDto, description: 'What the relay does on a fire event' })
  @Nested(() => RelayTriggerSettingsDto)
  on_fire!: RelayTriggerSettingsDto;

  @ApiProperty({ type: () => RelayTriggerSettingsDto, description: 'What the relay does on a fault event' })
  @Nested(() => RelayTriggerSettingsDto)
  on_fault!: RelayTriggerSettingsDto;
}

/** POST /relays/{id}/actions. */
export class RelayActionRequestDto implements RelayActionRequest {
  @ApiProperty({ type: () => RelayActionFieldsDto })
  @Nested(() => RelayActionFieldsDto)
  action!: RelayActionFieldsDto;
}
