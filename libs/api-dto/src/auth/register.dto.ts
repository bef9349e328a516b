import { COMPANY_MAX_LENGTH, FULL_NAME_MAX_LENGTH, TELEPHONE_MAX_LENGTH, type RegisterRequest } from '@app/contracts';
import { email, newPassword, requiredText, text } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /auth/register. */
export class RegisterDto implements RegisterRequest {
  @Rule(requiredText(FULL_NAME_MAX_LENGTH)) fullname!: string;
  @Rule(email) email!: string;
  @Rule(newPassword) password!: string;
  @OptionalRule(text(TELEPHONE_MAX_LENGTH)) telephone?: string;
  @OptionalRule(text(COMPANY_MAX_LENGTH)) company?: string;
}
