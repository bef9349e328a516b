import type { ClaimRemoveRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { HWADDR_PROPERTY } from '../openapi/api-property.constants';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** POST /v2/claims/remove. */
export class ClaimRemoveDto implements ClaimRemoveRequest {
  @ApiProperty(HWADDR_PROPERTY)
  @HwaddrField()
  hwaddr!: string;
}
