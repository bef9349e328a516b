import type { ClaimEmailRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { boolean } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/claims/email/{hwaddr}. */
export class ClaimEmailDto implements ClaimEmailRequest {
  @ApiProperty({ type: Boolean, description: "E-mail the site's fire and fault events to the user" })
  @Rule(boolean)
  state!: boolean;
}
