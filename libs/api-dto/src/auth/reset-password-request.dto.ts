import type { ResetPasswordRequestRequest } from '@app/contracts';
import { email } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /auth/resetpassword/request. */
export class ResetPasswordRequestDto implements ResetPasswordRequestRequest {
  @Rule(email) email!: string;
}
