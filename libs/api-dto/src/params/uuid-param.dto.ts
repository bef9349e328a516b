import { ApiProperty } from '@nestjs/swagger';
import { uuid } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** Routes with a uuid {id}: a session. */
export class UuidParamDto {
  @ApiProperty({ type: String, format: 'uuid' })
  @Rule(uuid)
  id!: string;
}
