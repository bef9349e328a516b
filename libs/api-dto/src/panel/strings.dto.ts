import type { StringsRequest } from '@app/contracts';
import { panelText } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/panel/{networkId}/strings: each text at most 47 characters, empty allowed. */
export class StringsDto implements StringsRequest {
  @Rule(panelText) panelName!: string;
  @Rule(panelText) panelCompanyName!: string;
  @Rule(panelText) panelSiteName!: string;
  @Rule(panelText) panelPhoneNumber!: string;
}
