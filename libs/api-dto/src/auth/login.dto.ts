import type { LoginRequest } from '@app/contracts';
import { EMAIL_MAX_LENGTH } from '@app/contracts';
import { password, requiredText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /auth/login. Only presence and length are checked here: any failure reads the same to the user. */
export class LoginDto implements LoginRequest {
  @Rule(requiredText(EMAIL_MAX_LENGTH)) email!: string;
  @Rule(password) password!: string;
}
