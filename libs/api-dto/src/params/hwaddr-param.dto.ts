import { ApiProperty } from '@nestjs/swagger';
import { HWADDR_PROPERTY } from '../openapi/api-property.constants';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** Routes with {hwaddr}. */
export class HwaddrParamDto {
  @ApiProperty(HWADDR_PROPERTY)
  @HwaddrField()
  hwaddr!: string;
}
