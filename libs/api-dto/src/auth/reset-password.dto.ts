import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_TOKEN_MAX_LENGTH,
  type ResetPasswordRequest,
} from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { newPassword, requiredText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /auth/resetpassword/reset. */
export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty({ type: String, format: 'password', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @Rule(newPassword)
  password!: string;

  @ApiProperty({ type: String, description: 'The reset token of the e-mailed link', maxLength: RESET_TOKEN_MAX_LENGTH })
  @Rule(requiredText(RESET_TOKEN_MAX_LENGTH))
  token!: string;
}
