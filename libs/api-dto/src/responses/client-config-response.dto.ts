import type { ClientConfigResponse } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class ClientConfigResponseDto implements ClientConfigResponse {
  @ApiProperty({ type: String, description: "Issuer named in the API's tokens" })
  issuer!: string;

  @ApiProperty({ type: String })
  supportPhone!: string;

  @ApiProperty({ type: String })
  supportEmail!: string;

  @ApiProperty({ type: String })
  supportAddress!: string;

  @ApiProperty({ type: String, description: 'The company that provides the service' })
  providerName!: string;

  @ApiProperty({
    type: Number,
    description: 'Seconds: an event whose panel clock was further off from its arrival is shown with both times',
  })
  timeDesyncThresholdSeconds!: number;
}
