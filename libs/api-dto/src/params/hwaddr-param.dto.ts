import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** Routes with {hwaddr}. */
export class HwaddrParamDto {
  @HwaddrField() hwaddr!: string;
}
