import {
  ESCALATION_AUDIENCES,
  ESCALATION_LIMITS,
  escalationStepsProblem,
  type EscalationStepSetting,
  type SiteEscalationRequest,
} from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { FieldCheck } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/** A later step as a request gives it: an object of exactly an integer `afterMinutes` and a known `audience`. */
function isStepSetting(value: unknown): value is EscalationStepSetting {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort();
  const step = value as Record<string, unknown>;
  return (
    keys.join(',') === 'afterMinutes,audience' &&
    Number.isInteger(step.afterMinutes) &&
    typeof step.audience === 'string'
  );
}

/** The later steps: a list of step settings the policy rules accept (escalationStepsProblem). */
const escalationSteps: FieldCheck = (value, field) => {
  if (!Array.isArray(value)) return `${field} must be a list`;
  if (!value.every(isStepSetting)) return `${field} must hold { afterMinutes, audience } objects`;
  return escalationStepsProblem(value);
};

class EscalationStepSettingDto implements EscalationStepSetting {
  @ApiProperty({ type: Number, minimum: ESCALATION_LIMITS.minMinutes, maximum: ESCALATION_LIMITS.maxMinutes })
  afterMinutes!: number;

  @ApiProperty({ enum: ESCALATION_AUDIENCES })
  audience!: EscalationStepSetting['audience'];
}

/** PUT /v2/sites/{hwaddr}/escalation. */
export class SiteEscalationDto implements SiteEscalationRequest {
  @ApiProperty({
    type: [EscalationStepSettingDto],
    maxItems: ESCALATION_LIMITS.steps,
    description:
      'The later steps, in order, each after more minutes than the one before (step 1, at once, is not the ' +
      "site's to set). Empty: no escalation",
    example: [
      { afterMinutes: 5, audience: 'everyone' },
      { afterMinutes: 15, audience: 'everyone' },
    ],
  })
  @Rule(escalationSteps)
  steps!: EscalationStepSetting[];
}
