import { EMAIL_MAX_LENGTH, type ResetPasswordRequestRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { email } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /auth/resetpassword/request. */
export class ResetPasswordRequestDto implements ResetPasswordRequestRequest {
  @ApiProperty({ type: String, format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @Rule(email)
  email!: string;
}
