import { NETWORK_ID_MAX, NETWORK_ID_MIN } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { HWADDR_PROPERTY } from '../openapi/api-property.constants';
import { wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** Routes with {hwaddr} and {networkId}; the network id is 1-2 digits, 1 to 99. */
export class PanelParamsDto {
  @ApiProperty(HWADDR_PROPERTY)
  @HwaddrField()
  hwaddr!: string;

  @ApiProperty({
    type: Number,
    format: 'int32',
    minimum: NETWORK_ID_MIN,
    maximum: NETWORK_ID_MAX,
    description: 'Panel network id',
  })
  @Transform(({ value }) => (typeof value === 'string' && /^[0-9]{1,2}$/.test(value) ? Number(value) : value))
  @Rule(wholeNumber(NETWORK_ID_MIN, NETWORK_ID_MAX))
  networkId!: number;
}
