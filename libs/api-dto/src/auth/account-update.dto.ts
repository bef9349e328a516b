import {
  COMPANY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  TELEPHONE_MAX_LENGTH,
  type AccountUpdateRequest,
} from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { boolean, email, requiredText, text } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /auth/account. */
export class AccountUpdateDto implements AccountUpdateRequest {
  @ApiProperty({ type: String, format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @Rule(email)
  email!: string;

  @ApiProperty({ type: String, description: 'Full name', minLength: 1, maxLength: FULL_NAME_MAX_LENGTH })
  @Rule(requiredText(FULL_NAME_MAX_LENGTH))
  name!: string;

  @ApiPropertyOptional({ type: String, maxLength: COMPANY_MAX_LENGTH })
  @OptionalRule(text(COMPANY_MAX_LENGTH))
  company?: string;

  @ApiPropertyOptional({ type: String, maxLength: TELEPHONE_MAX_LENGTH })
  @OptionalRule(text(TELEPHONE_MAX_LENGTH))
  telephone?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Toasts for live events other than fire and fault; left as it is when not given',
  })
  @OptionalRule(boolean)
  otherEventToasts?: boolean;
}
