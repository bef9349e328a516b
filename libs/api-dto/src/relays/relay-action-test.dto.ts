import type { RelayActionTestBody } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { oneOf } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** POST /relays/{id}/actions/test/{actionId}: which of the action's settings to drive once. */
export class RelayActionTestDto implements RelayActionTestBody {
  @ApiProperty({ type: String, enum: ['fire', 'fault'], description: "Which of the action's settings to drive once" })
  @Rule(oneOf(['fire', 'fault']))
  trigger!: 'fire' | 'fault';
}
