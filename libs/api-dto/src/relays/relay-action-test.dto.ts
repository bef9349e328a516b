import type { RelayActionTestBody } from '@app/contracts';
import { oneOf } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /relays/{id}/actions/{actionId}/test: which of the action's settings to drive once. */
export class RelayActionTestDto implements RelayActionTestBody {
  @Rule(oneOf(['fire', 'fault'])) trigger!: 'fire' | 'fault';
}
