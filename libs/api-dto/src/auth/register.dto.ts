import {
  COMPANY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TELEPHONE_MAX_LENGTH,
  type RegisterRequest,
} from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { email, newPassword, requiredText, text } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /auth/register. */
export class RegisterDto implements RegisterRequest {
  @ApiProperty({ type: String, description: 'Full name', minLength: 1, maxLength: FULL_NAME_MAX_LENGTH })
  @Rule(requiredText(FULL_NAME_MAX_LENGTH))
  fullname!: string;

  @ApiProperty({ type: String, format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @Rule(email)
  email!: string;

  @ApiProperty({ type: String, format: 'password', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @Rule(newPassword)
  password!: string;

  @ApiPropertyOptional({ type: String, maxLength: TELEPHONE_MAX_LENGTH })
  @OptionalRule(text(TELEPHONE_MAX_LENGTH))
  telephone?: string;

  @ApiPropertyOptional({ type: String, maxLength: COMPANY_MAX_LENGTH })
  @OptionalRule(text(COMPANY_MAX_LENGTH))
  company?: string;
}
