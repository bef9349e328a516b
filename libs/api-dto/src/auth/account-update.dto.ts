import { COMPANY_MAX_LENGTH, FULL_NAME_MAX_LENGTH, TELEPHONE_MAX_LENGTH, type AccountUpdateRequest } from '@app/contracts';
import { email, requiredText, text } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';

/** POST /auth/account. */
export class AccountUpdateDto implements AccountUpdateRequest {
  @Rule(email) email!: string;
  @Rule(requiredText(FULL_NAME_MAX_LENGTH)) name!: string;
  @OptionalRule(text(COMPANY_MAX_LENGTH)) company?: string;
  @OptionalRule(text(TELEPHONE_MAX_LENGTH)) telephone?: string;
}
