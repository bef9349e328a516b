import type { RegisterRequest } from '@app/contracts';
import { email, newPassword, requiredText, text } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /auth/register. */
export class RegisterDto implements RegisterRequest {
  @Rule(requiredText) fullname!: string;
  @Rule(email) email!: string;
  @Rule(newPassword) password!: string;
  @OptionalRule(text) telephone?: string;
  @OptionalRule(text) company?: string;
}
