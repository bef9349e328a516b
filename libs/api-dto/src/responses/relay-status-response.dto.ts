import type { FirmwareVersion, RelayStatus } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class FirmwareVersionDto implements FirmwareVersion {
  @ApiProperty({ type: Number, format: 'int32' })
  major!: number;

  @ApiProperty({ type: Number, format: 'int32' })
  minor!: number;
}

export class RelayFirmwareDto {
  @ApiProperty({ type: () => FirmwareVersionDto })
  system!: FirmwareVersionDto;

  @ApiProperty({ type: () => FirmwareVersionDto })
  application!: FirmwareVersionDto;
}

/** What a relay board reports when verified (the Relay Info table). */
export class RelayStatusResponseDto implements RelayStatus {
  @ApiProperty({ type: Number, format: 'int32' })
  moduleID!: number;

  @ApiProperty({ type: () => RelayFirmwareDto })
  firmware!: RelayFirmwareDto;

  @ApiProperty({ type: Number, description: 'Supply voltage in volts' })
  voltage!: number;

  @ApiProperty({ type: Number, description: 'Board temperature in degrees Celsius' })
  temp!: number;
}
