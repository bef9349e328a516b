import { SITE_STATUSES, type SiteStatus } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';

/** Answer of POST /v2/claims/create. */
export class ClaimStatusResponseDto {
  @ApiProperty({
    type: String,
    enum: [...SITE_STATUSES],
    description: 'AUTHED: the connected panel took the key; UNAUTHORISED: it refused it; WAITING: to be checked',
  })
  status!: SiteStatus;
}
