import {
  ESCALATION_AUDIENCES,
  ESCALATION_CHANNELS,
  ESCALATION_LIMITS,
  escalationStepsProblem,
  type EscalationStepInput,
  type SiteEscalationRequest,
} from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { FieldCheck } from '../validation/field-checks.util';
import { Rule } from '../validation/field-rule.decorator';

/**
 * A later step as a request gives it: an object of an integer `afterMinutes`, a string `audience`
 * and, if given, lists of strings `channels` and `people`, and nothing else (their values:
 * escalationStepsProblem).
 */
function isStepSetting(value: unknown): value is EscalationStepInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const step = value as Record<string, unknown>;
  const keys = Object.keys(value)
    .filter((key) => key !== 'channels' && key !== 'people')
    .sort();
  return (
    keys.join(',') === 'afterMinutes,audience' &&
    Number.isInteger(step.afterMinutes) &&
    typeof step.audience === 'string' &&
    isStringList(step.channels) &&
    isStringList(step.people)
  );
}

/** Absent, or a list of strings. */
function isStringList(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

/** The later steps: a list of step settings the policy rules accept (escalationStepsProblem). */
const escalationSteps: FieldCheck = (value, field) => {
  if (!Array.isArray(value)) return `${field} must be a list`;
  if (!value.every(isStepSetting)) return `${field} must hold { afterMinutes, audience, people?, channels? } objects`;
  return escalationStepsProblem(value);
};

class EscalationStepSettingDto implements EscalationStepInput {
  @ApiProperty({ type: Number, minimum: ESCALATION_LIMITS.minMinutes, maximum: ESCALATION_LIMITS.maxMinutes })
  afterMinutes!: number;

  @ApiProperty({ enum: ESCALATION_AUDIENCES })
  audience!: EscalationStepInput['audience'];

  @ApiProperty({
    type: [String],
    format: 'uuid',
    required: false,
    maxItems: ESCALATION_LIMITS.people,
    description: "The users a 'people' step reaches (ids, from GET /v2/sites/{hwaddr}/people); none for the others",
  })
  people?: string[];

  @ApiProperty({
    enum: ESCALATION_CHANNELS,
    isArray: true,
    required: false,
    description:
      "How the step reaches: e-mail and push to its audience, a message to the site's webhook. At least one, " +
      "each once; absent: ['email', 'push']",
  })
  channels?: EscalationStepInput['channels'];
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
      { afterMinutes: 5, audience: 'everyone', channels: ['email', 'push'] },
      { afterMinutes: 15, audience: 'everyone', channels: ['push', 'webhook'] },
    ],
  })
  @Rule(escalationSteps)
  steps!: EscalationStepInput[];
}
