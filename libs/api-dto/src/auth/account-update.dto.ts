import type { AccountUpdateRequest } from '@app/contracts';
import { email, requiredText, text } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /auth/account. */
export class AccountUpdateDto implements AccountUpdateRequest {
  @Rule(email) email!: string;
  @Rule(requiredText) name!: string;
  @OptionalRule(text) company?: string;
  @OptionalRule(text) telephone?: string;
}
