import type { SecondFactorRequest, TwoFactorCodeRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { requiredText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** A recovery code typed with spaces, or an authenticator's six digits: never longer than this. */
const CODE_MAX_LENGTH = 32;
/** A signed challenge is a JWT of a few hundred characters. */
const CHALLENGE_MAX_LENGTH = 2048;

const CODE_PROPERTY = {
  type: String,
  minLength: 1,
  maxLength: CODE_MAX_LENGTH,
  description: "The authenticator's current 6-digit code, or an unused recovery code",
  example: '492039',
};

/** POST /v2/account/two-factor/enrolment/confirm and POST /v2/account/two-factor/disable. */
export class TwoFactorCodeDto implements TwoFactorCodeRequest {
  @ApiProperty(CODE_PROPERTY)
  @Rule(requiredText(CODE_MAX_LENGTH))
  code!: string;
}

/** POST /v2/auth/second-factor: the challenge POST /auth/login gave, and the code. */
export class SecondFactorDto implements SecondFactorRequest {
  @ApiProperty({ type: String, minLength: 1, maxLength: CHALLENGE_MAX_LENGTH, description: 'From POST /auth/login' })
  @Rule(requiredText(CHALLENGE_MAX_LENGTH))
  challenge!: string;

  @ApiProperty(CODE_PROPERTY)
  @Rule(requiredText(CODE_MAX_LENGTH))
  code!: string;
}
