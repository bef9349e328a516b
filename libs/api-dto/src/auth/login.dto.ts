import type { LoginRequest } from '@app/contracts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { password, requiredText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /auth/login. Only presence and length are checked here: any failure reads the same to the user. */
export class LoginDto implements LoginRequest {
  @ApiProperty({ type: String, minLength: 1, maxLength: EMAIL_MAX_LENGTH, example: 'user@example.com' })
  @Rule(requiredText(EMAIL_MAX_LENGTH))
  email!: string;

  @ApiProperty({ type: String, format: 'password', minLength: 1, maxLength: PASSWORD_MAX_LENGTH })
  @Rule(password)
  password!: string;
}
