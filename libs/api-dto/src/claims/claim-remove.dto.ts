import type { ClaimRemoveRequest } from '@app/contracts';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** POST /v2/claims/remove. */
export class ClaimRemoveDto implements ClaimRemoveRequest {
  @HwaddrField() hwaddr!: string;
}
