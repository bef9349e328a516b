import type { TokenResponse } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';

/** Answer of login, register, password reset and the claims call. */
export class TokenResponseDto implements TokenResponse {
  @ApiProperty({ type: String, description: 'A signed JWT, sent back as `Authorization: Bearer <token>`' })
  token!: string;
}
