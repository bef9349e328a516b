import {
  TEST_MODE_MAX_MINUTES,
  TEST_MODE_MIN_MINUTES,
  TEST_MODE_REASON_MAX_LENGTH,
  type TestModeStartRequest,
} from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { requiredText, wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/test-mode: for how long, and why. */
export class TestModeStartDto implements TestModeStartRequest {
  @ApiProperty({
    type: Number,
    format: 'int32',
    minimum: TEST_MODE_MIN_MINUTES,
    maximum: TEST_MODE_MAX_MINUTES,
    description: 'How long, in minutes: the test mode then ends by itself',
    example: 60,
  })
  @Rule(wholeNumber(TEST_MODE_MIN_MINUTES, TEST_MODE_MAX_MINUTES))
  minutes!: number;

  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: TEST_MODE_REASON_MAX_LENGTH,
    description: "Why: shown on the site's banner and in its users' notifications",
    example: 'Quarterly detector tests',
  })
  @Rule(requiredText(TEST_MODE_REASON_MAX_LENGTH))
  reason!: string;
}
