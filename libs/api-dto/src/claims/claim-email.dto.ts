import type { ClaimEmailRequest } from '@app/contracts';
import { boolean } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/claims/email/{hwaddr}. */
export class ClaimEmailDto implements ClaimEmailRequest {
  @Rule(boolean) state!: boolean;
}
