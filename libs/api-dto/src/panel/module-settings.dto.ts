import {
  MODULE_ADDRESS_MAX,
  MODULE_ADDRESS_MIN,
  NETWORK_MODULE_SETTINGS,
  PRINTER_BIT_RATES,
  PRINTER_OPTIONS_MAX,
  TCP_MODES,
  TCP_PORT_MAX,
  TCP_PORT_MIN,
  type ModuleSettingsPatch,
  type ModuleSettingsRequest,
  type NetworkModuleSetting,
  type TcpMode,
} from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PORT_ID_PROPERTY } from '../openapi/api-property.constants';
import { host, ipv4, moduleAddress, oneOf, wholeNumber } from '../validation/field-checks.util';
import { Nested, OptionalRule, Rule } from '../validation/field-rule.decorator';

const BIT_RATE_CODES = PRINTER_BIT_RATES.map((rate) => rate.code);
const BIT_RATES = PRINTER_BIT_RATES.map((rate) => `${rate.code} = ${rate.baud}`).join(', ');
const IPV4 = { type: String, format: 'ipv4' } as const;

/**
 * The settings fields any module type may carry. Which of them belong to the module's port type is
 * checked against the panel's configuration (moduleSettingsFields), not here.
 */
export class ModuleSettingsFieldsDto implements ModuleSettingsPatch {
  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    minimum: MODULE_ADDRESS_MIN,
    maximum: MODULE_ADDRESS_MAX,
    description: 'Network module (MOD_NWM)',
  })
  @OptionalRule(moduleAddress)
  address?: number;

  @ApiPropertyOptional({ type: String, enum: [...NETWORK_MODULE_SETTINGS], description: 'Network module (MOD_NWM)' })
  @OptionalRule(oneOf(NETWORK_MODULE_SETTINGS))
  setting?: NetworkModuleSetting;

  @ApiPropertyOptional({ type: Number, enum: BIT_RATE_CODES, description: `Printer module (MOD_232): ${BIT_RATES}` })
  @OptionalRule(oneOf(BIT_RATE_CODES))
  bitRate?: number;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    minimum: 0,
    maximum: PRINTER_OPTIONS_MAX,
    description: 'Printer module (MOD_232): option bits, Alarms in bit 0',
  })
  @OptionalRule(wholeNumber(0, PRINTER_OPTIONS_MAX))
  printerOptions?: number;

  @ApiPropertyOptional({ type: String, description: 'TCP/IP module (MOD_TCP): IP address or DNS name of the cloud' })
  @OptionalRule(host)
  cloudAddress?: string;

  @ApiPropertyOptional({ type: Number, format: 'int32', minimum: TCP_PORT_MIN, maximum: TCP_PORT_MAX })
  @OptionalRule(wholeNumber(TCP_PORT_MIN, TCP_PORT_MAX))
  cloudPort?: number;

  @ApiPropertyOptional(IPV4)
  @OptionalRule(ipv4)
  ip?: string;

  @ApiPropertyOptional(IPV4)
  @OptionalRule(ipv4)
  dns?: string;

  @ApiPropertyOptional(IPV4)
  @OptionalRule(ipv4)
  mask?: string;

  @ApiPropertyOptional(IPV4)
  @OptionalRule(ipv4)
  gateway?: string;

  @ApiPropertyOptional({ type: String, enum: [...TCP_MODES], description: 'TCP/IP module (MOD_TCP)' })
  @OptionalRule(oneOf(TCP_MODES))
  mode?: TcpMode;
}

/** Saves a module's settings. */
export class ModuleSettingsDto implements ModuleSettingsRequest {
  @ApiProperty(PORT_ID_PROPERTY)
  @Rule(wholeNumber(0))
  port_id!: number;

  @ApiProperty({
    type: () => ModuleSettingsFieldsDto,
    description: "Only the fields of the module's port type; the ones left out keep their values",
  })
  @Nested(() => ModuleSettingsFieldsDto)
  settings!: ModuleSettingsFieldsDto;
}
