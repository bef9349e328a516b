import type { DeviceNameRequest } from '@app/contracts';
import { panelText, wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/panel/{networkId}/tmp-name. */
export class DeviceNameDto implements DeviceNameRequest {
  @Rule(wholeNumber(0)) port_id!: number;
  @Rule(wholeNumber(0)) mod_idx!: number;
  @Rule(panelText) name!: string;
}
