import { quietHoursProblem, type QuietHours, type QuietHoursSetting } from '@app/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { FieldCheck } from '../validation/field-checks.util';
import { OptionalRule } from '../validation/field-rule.decorator';

/** Quiet hours as a request gives them: exactly `from`, `to` and `timeZone` strings the rules accept. */
const quietHours: FieldCheck = (value, field) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${field} must be an object or null`;
  const given = value as Record<string, unknown>;
  if (Object.keys(given).sort().join(',') !== 'from,timeZone,to') return `${field} must hold from, to and timeZone`;
  if (typeof given.from !== 'string' || typeof given.to !== 'string' || typeof given.timeZone !== 'string')
    return `${field} must hold from, to and timeZone strings`;
  if (given.timeZone.length > 64) return `${field}.timeZone must be at most 64 characters`;
  return quietHoursProblem(given as unknown as QuietHours);
};

class QuietHoursDto implements QuietHours {
  @ApiProperty({ type: String, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', example: '22:00' })
  from!: string;

  @ApiProperty({ type: String, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', example: '07:00' })
  to!: string;

  @ApiProperty({ type: String, description: 'An IANA time zone', example: 'Europe/Berlin' })
  timeZone!: string;
}

/** PUT /v2/account/quiet-hours, and what GET answers. */
export class QuietHoursSettingDto implements QuietHoursSetting {
  @ApiProperty({
    type: QuietHoursDto,
    nullable: true,
    description:
      'A daily span in which faults and communication losses are not e-mailed or pushed to the user (fire always ' +
      'is); an end before the start spans midnight. Null (or left out): none',
  })
  @OptionalRule(quietHours)
  quietHours!: QuietHours | null;
}
