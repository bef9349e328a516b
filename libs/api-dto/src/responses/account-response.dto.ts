import type { AccountResponse } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class AccountResponseDto implements AccountResponse {
  @ApiProperty({ type: String, format: 'email' })
  email!: string;

  @ApiProperty({ type: String, description: 'Full name' })
  name!: string;

  @ApiProperty({ type: String, description: "'' when not given" })
  company!: string;

  @ApiProperty({ type: String, description: "'' when not given" })
  telephone!: string;

  @ApiProperty({
    type: Boolean,
    description: "Whether the user's browsers toast live events other than fire and fault (fire and fault always are)",
  })
  otherEventToasts!: boolean;
}
