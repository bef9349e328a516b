import { ApiProperty } from '@nestjs/swagger';
import { ID_PROPERTY } from '../openapi/api-property.constants';
import { wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';
import { DigitsToNumber } from './digits-to-number.transform';
import { IdParamDto } from './id-param.dto';

/** POST /relays/{id}/actions/delete/{actionId}. */
export class RelayActionParamsDto extends IdParamDto {
  @ApiProperty({ ...ID_PROPERTY, description: "The relay action's id" })
  @DigitsToNumber()
  @Rule(wholeNumber(1, Number.MAX_SAFE_INTEGER))
  actionId!: number;
}
