import type { EventsQuery } from '@app/contracts';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { EVENT_CATEGORIES, NETWORK_ID_MAX, NETWORK_ID_MIN } from '@app/contracts';
import { isoDate, oneOf, wholeNumber } from '../validation/field-checks.util';
import { DigitsToNumber } from '../params/digits-to-number.transform';
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

  /** Only this panel network's events. */
  @DigitsToNumber()
  @OptionalRule(wholeNumber(NETWORK_ID_MIN, NETWORK_ID_MAX))
  networkId?: number;

  /** Only this category's events ('all' or none: every category). */
  @OptionalRule(oneOf([...EVENT_CATEGORIES, 'all']))
  category?: string;

  /** Page size, 1 to 500 (default: the spec's 20 events per page). */
  @DigitsToNumber()
  @OptionalRule(wholeNumber(1, 500))
  limit?: number;

  @DigitsToNumber()
  @OptionalRule(wholeNumber(0))
  offset?: number;
}
