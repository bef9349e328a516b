import { ApiProperty } from '@nestjs/swagger';
import { ID_PROPERTY } from '../openapi/api-property.constants';
import { wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';
import { DigitsToNumber } from './digits-to-number.transform';

/** Routes with a numeric {id}: a relay or a notification. */
export class IdParamDto {
  @ApiProperty(ID_PROPERTY)
  @DigitsToNumber()
  @Rule(wholeNumber(1, Number.MAX_SAFE_INTEGER))
  id!: number;
}
