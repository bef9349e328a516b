import type { PushDeviceDto, PushSettingsResponse } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { ISO_DATE_PROPERTY } from '../openapi/api-property.constants';

/** A device push is on for (docs/push.md). */
export class PushDeviceResponseDto implements PushDeviceDto {
  @ApiProperty({ type: Number })
  id!: number;

  @ApiProperty({ type: String, example: 'Chrome on Android' })
  name!: string;

  @ApiProperty({ type: String, description: "The push service's origin", example: 'https://fcm.googleapis.com' })
  service!: string;

  @ApiProperty(ISO_DATE_PROPERTY)
  createdAt!: string;

  @ApiProperty({ ...ISO_DATE_PROPERTY, nullable: true, description: 'The latest push the service accepted' })
  lastPushAt!: string | null;
}

export class PushSettingsResponseDto implements PushSettingsResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The VAPID public key (base64url) to subscribe with; null when push is not set up on this portal',
  })
  publicKey!: string | null;

  @ApiProperty({ type: [PushDeviceResponseDto] })
  devices!: PushDeviceResponseDto[];
}
