import {
  BUTTON_ACTIONS,
  BUTTON_DATA,
  PANEL_BUTTONS,
  isButtonPair,
  type ButtonAction,
  type ButtonData,
  type ButtonRequest,
} from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { oneOf, requiredText, type FieldCheck } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

const ALLOWED_PAIRS = PANEL_BUTTONS.map((button) => `${button.action}/${button.data}`).join(', ');

// Not free text: only the catalogue's values pass the pair check, which bounds its length.
const buttonData = requiredText(Number.MAX_SAFE_INTEGER);

const buttonPair: FieldCheck = (data, field, object) =>
  buttonData(data, field) ??
  (isButtonPair((object as Partial<ButtonRequest> | undefined)?.action, data)
    ? null
    : `action and data must be one of ${ALLOWED_PAIRS}`);

/** POST /v2/sites/{hwaddr}/panel/{networkId}/buttons: only the four button pairs are accepted. */
export class ButtonDto implements ButtonRequest {
  @ApiProperty({ type: String, enum: [...BUTTON_ACTIONS], description: `action/data pairs: ${ALLOWED_PAIRS}` })
  @Rule(oneOf(BUTTON_ACTIONS))
  action!: ButtonAction;

  @ApiProperty({ type: String, enum: [...BUTTON_DATA], description: `action/data pairs: ${ALLOWED_PAIRS}` })
  @Rule(buttonPair)
  data!: ButtonData;
}
