import type { DeviceZoneRequest } from '@app/contracts';
import { wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/panel/{networkId}/tmp-zone. */
export class DeviceZoneDto implements DeviceZoneRequest {
  @Rule(wholeNumber(0)) port_id!: number;
  @Rule(wholeNumber(0)) mod_idx!: number;
  @Rule(wholeNumber(0)) zoneId!: number;
}
