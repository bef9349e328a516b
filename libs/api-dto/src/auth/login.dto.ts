import type { LoginRequest } from '@app/contracts';
import { requiredText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /auth/login. Only presence is checked here: any failure reads the same to the user. */
export class LoginDto implements LoginRequest {
  @Rule(requiredText) email!: string;
  @Rule(requiredText) password!: string;
}
