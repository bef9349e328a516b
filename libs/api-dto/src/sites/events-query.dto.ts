import type { EventsQuery } from '@app/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { EVENT_CATEGORIES, EVENTS_PER_PAGE, NETWORK_ID_MAX, NETWORK_ID_MIN } from '@app/contracts';
import { isoDate, oneOf, wholeNumber } from '../validation/field-checks.util';
import { DigitsToNumber } from '../params/digits-to-number.transform';
import { OptionalRule } from '../validation/field-rule.decorator';

const EVENTS_LIMIT_MAX = 500;

/** GET /v2/sites/{hwaddr}/events?start=&end=; a missing bound falls back to the default range. */
export class EventsQueryDto implements EventsQuery {
  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'From (default: 30 days before today)' })
  @OptionalRule(isoDate)
  start?: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'Until, not before start (default: no end)' })
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
  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    minimum: NETWORK_ID_MIN,
    maximum: NETWORK_ID_MAX,
    description: "Only this panel network's events",
  })
  @DigitsToNumber()
  @OptionalRule(wholeNumber(NETWORK_ID_MIN, NETWORK_ID_MAX))
  networkId?: number;

  /** Only this category's events ('all' or none: every category). */
  @ApiPropertyOptional({ type: String, enum: [...EVENT_CATEGORIES, 'all'], description: "Only this category's events" })
  @OptionalRule(oneOf([...EVENT_CATEGORIES, 'all']))
  category?: string;

  /** Page size, 1 to 500 (default: the spec's 20 events per page). */
  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    minimum: 1,
    maximum: EVENTS_LIMIT_MAX,
    default: EVENTS_PER_PAGE,
  })
  @DigitsToNumber()
  @OptionalRule(wholeNumber(1, EVENTS_LIMIT_MAX))
  limit?: number;

  @ApiPropertyOptional({ type: Number, format: 'int32', minimum: 0, default: 0, description: 'Events skipped' })
  @DigitsToNumber()
  @OptionalRule(wholeNumber(0))
  offset?: number;
}
