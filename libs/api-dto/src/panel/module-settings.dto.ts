import {
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
import { host, ipv4, moduleAddress, oneOf, wholeNumber } from '../validation/field-checks.util';
import { Nested, OptionalRule, Rule } from '../validation/field-rule.decorator';

/**
 * The settings fields any module type may carry. Which of them belong to the module's port type is
 * checked against the panel's configuration (moduleSettingsFields), not here.
 */
export class ModuleSettingsFieldsDto implements ModuleSettingsPatch {
  @OptionalRule(moduleAddress) address?: number;
  @OptionalRule(oneOf(NETWORK_MODULE_SETTINGS)) setting?: NetworkModuleSetting;
  @OptionalRule(oneOf(PRINTER_BIT_RATES.map((rate) => rate.code))) bitRate?: number;
  @OptionalRule(wholeNumber(0, PRINTER_OPTIONS_MAX)) printerOptions?: number;
  @OptionalRule(host) cloudAddress?: string;
  @OptionalRule(wholeNumber(TCP_PORT_MIN, TCP_PORT_MAX)) cloudPort?: number;
  @OptionalRule(ipv4) ip?: string;
  @OptionalRule(ipv4) dns?: string;
  @OptionalRule(ipv4) mask?: string;
  @OptionalRule(ipv4) gateway?: string;
  @OptionalRule(oneOf(TCP_MODES)) mode?: TcpMode;
}

/** Saves a module's settings. */
export class ModuleSettingsDto implements ModuleSettingsRequest {
  @Rule(wholeNumber(0)) port_id!: number;
  @Nested(() => ModuleSettingsFieldsDto) settings!: ModuleSettingsFieldsDto;
}
