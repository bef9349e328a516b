import { RESET_TOKEN_MAX_LENGTH, type ResetPasswordRequest } from '@app/contracts';
import { newPassword, requiredText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /auth/resetpassword/reset. */
export class ResetPasswordDto implements ResetPasswordRequest {
  @Rule(newPassword) password!: string;
  @Rule(requiredText(RESET_TOKEN_MAX_LENGTH)) token!: string;
}
