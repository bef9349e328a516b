import {
  MODES,
  objectJsonSchema,
  panelCommandDefinition,
  PORT_TYPES,
  type DeviceSettings,
  type DeviceConfig,
  type Mode,
  type ModuleConfig,
  type PortType,
  type RuntimeReport,
  type SitePanel,
  type ZoneConfig,
} from '@app/contracts';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { MOD_IDX_PROPERTY, PORT_ID_PROPERTY, STORED_HWADDR_PROPERTY } from '../openapi/api-property.constants';

/** The settings fields as the module and device commands define them (a snapshot carries the same fields). */
function settingsSchema(kind: 'moduleSettings' | 'deviceSettings', description: string): ApiPropertyOptions {
  const settings = panelCommandDefinition(kind)!.fields.settings.fields!;
  return { ...objectJsonSchema(settings, 'message'), description } as ApiPropertyOptions;
}

export class ZoneConfigDto implements ZoneConfig {
  @ApiProperty({ type: Number, format: 'int32' })
  id!: number;

  @ApiProperty({ type: String })
  name!: string;

  @ApiProperty({ type: String, enum: [...MODES] })
  mode!: Mode;
}

export class ModuleConfigDto {
  @ApiProperty(PORT_ID_PROPERTY)
  port_id!: number;

  @ApiProperty({ type: String, enum: [...PORT_TYPES] })
  port_type!: PortType;

  @ApiProperty(
    settingsSchema(
      'moduleSettings',
      'The fields of the port type: MOD_NWM, MOD_232 and MOD_TCP have some, the others none ({})',
    ),
  )
  settings!: ModuleConfig['settings'];

  @ApiProperty({ type: Number, format: 'int32', description: 'How many devices the module carries' })
  devices!: number;
}

export class DeviceConfigDto implements DeviceConfig {
  @ApiProperty(PORT_ID_PROPERTY)
  port_id!: number;

  @ApiProperty(MOD_IDX_PROPERTY)
  mod_idx!: number;

  @ApiProperty({ type: String })
  name!: string;

  @ApiProperty({ type: Number, format: 'int32', description: 'Zone id' })
  zone!: number;

  @ApiProperty({ type: Number, format: 'int32', description: 'Device type number' })
  type!: number;

  @ApiProperty(settingsSchema('deviceSettings', "The fields the device's port type uses"))
  settings!: DeviceSettings;
}

export class RuntimeZonesDto {
  @ApiProperty({ type: Number, isArray: true, description: 'Ids of zones in fire' })
  fire!: number[];

  @ApiProperty({ type: Number, isArray: true, description: 'Ids of zones in fault' })
  fault!: number[];
}

export class RuntimeDisabledDto {
  @ApiProperty({ type: Boolean })
  sounders!: boolean;
}

export class RuntimeReportDto implements RuntimeReport {
  @ApiProperty({ type: () => RuntimeZonesDto })
  zones!: RuntimeZonesDto;

  @ApiProperty({ type: () => RuntimeDisabledDto })
  disabled!: RuntimeDisabledDto;
}

/** One panel network of a site: the panel's texts and configuration, its connection and runtime report. */
export class SitePanelResponseDto implements SitePanel {
  @ApiProperty(STORED_HWADDR_PROPERTY)
  hwaddr!: string;

  @ApiProperty({ type: Number, format: 'int32' })
  networkId!: number;

  @ApiProperty({ type: String })
  strName!: string;

  @ApiProperty({ type: String })
  strSite!: string;

  @ApiProperty({ type: String })
  strCompany!: string;

  @ApiProperty({ type: String })
  strPhoneNumber!: string;

  @ApiProperty({ type: () => ZoneConfigDto, isArray: true })
  zones!: ZoneConfigDto[];

  @ApiProperty({ type: () => ModuleConfigDto, isArray: true })
  modules!: ModuleConfig[];

  @ApiProperty({ type: () => DeviceConfigDto, isArray: true })
  devices!: DeviceConfigDto[];

  @ApiProperty({ type: Boolean, description: "false until the panel sent this network's configuration" })
  configured!: boolean;

  @ApiProperty({ type: Boolean })
  connected!: boolean;

  @ApiProperty({ type: () => RuntimeReportDto, nullable: true, description: 'null until a report arrived' })
  runtime!: RuntimeReportDto | null;
}
