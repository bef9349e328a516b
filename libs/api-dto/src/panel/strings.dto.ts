import type { StringsRequest } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { PANEL_TEXT_PROPERTY } from '../openapi/api-property.constants';
import { panelText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/panel/{networkId}/strings: each text at most 47 characters, empty allowed. */
export class StringsDto implements StringsRequest {
  @ApiProperty(PANEL_TEXT_PROPERTY)
  @Rule(panelText)
  panelName!: string;

  @ApiProperty(PANEL_TEXT_PROPERTY)
  @Rule(panelText)
  panelCompanyName!: string;

  @ApiProperty(PANEL_TEXT_PROPERTY)
  @Rule(panelText)
  panelSiteName!: string;

  @ApiProperty(PANEL_TEXT_PROPERTY)
  @Rule(panelText)
  panelPhoneNumber!: string;
}
