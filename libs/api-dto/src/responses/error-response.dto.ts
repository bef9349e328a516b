import type { ErrorResponse } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';

/** Every error answer of the API (4xx, and 503/504 when a service behind it is unavailable). */
export class ErrorResponseDto implements ErrorResponse {
  @ApiProperty({ type: String, description: 'What went wrong, worded for the user', example: 'email is required' })
  err!: string;
}
