import { NETWORK_ID_MAX, NETWORK_ID_MIN } from '@app/contracts';
import { Transform } from 'class-transformer';
import { wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** Routes with {hwaddr} and {networkId}; the network id is 1-2 digits, 1 to 99. */
export class PanelParamsDto {
  @HwaddrField() hwaddr!: string;

  @Transform(({ value }) => (typeof value === 'string' && /^[0-9]{1,2}$/.test(value) ? Number(value) : value))
  @Rule(wholeNumber(NETWORK_ID_MIN, NETWORK_ID_MAX))
  networkId!: number;
}
