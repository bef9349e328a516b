import type { EventsQuery } from '@app/contracts';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { isoDate } from '../validation/field-checks.util';
import { OptionalRule } from '../validation/field-rule.decorator';

/** GET /v2/sites/{hwaddr}/events?start=&end=; a missing bound falls back to the default range. */
export class EventsQueryDto implements EventsQuery {
  @OptionalRule(isoDate) start?: string;

  @OptionalRule(isoDate)
  @ValidateBy({
    name: 'endNotBeforeStart',
    validator: {
      validate: (end: unknown, args?: ValidationArguments) => {
        const start = (args?.object as EventsQueryDto | undefined)?.start;
        return !start || typeof end !== 'string' || Date.parse(end) >= Date.parse(start);
      },
      defaultMessage: () => 'end must not be before start',
    },
  })
  end?: string;
}
