import type { Mode, ZoneUpdateRequest } from '@app/contracts';
import { panelText, selectableMode, wholeNumber } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /v2/sites/{hwaddr}/panel/{networkId}/zone. */
export class ZoneUpdateDto implements ZoneUpdateRequest {
  @Rule(wholeNumber(0)) id!: number;
  @Rule(panelText) name!: string;
  @Rule(selectableMode) mode!: Mode;
}
