import { ALARM_NOTE_MAX_LENGTH, type AlarmAcknowledgeRequest } from '@app/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { text } from '../validation/field-checks.util';
import { OptionalRule } from '../validation/field-rule.decorator';

/** POST /v2/alarms/{id}/acknowledge: an optional note of what was done. */
export class AlarmAcknowledgeDto implements AlarmAcknowledgeRequest {
  @ApiPropertyOptional({
    type: String,
    maxLength: ALARM_NOTE_MAX_LENGTH,
    description: "What was found or done; on the alarm's timeline and in the site's audit log",
    example: 'Caretaker checked zone 2: burnt toast, panel reset',
  })
  @OptionalRule(text(ALARM_NOTE_MAX_LENGTH))
  note?: string;
}
