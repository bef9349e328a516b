import { isDomainError } from '@app/platform';

/**
 * Whether reading the panels' live state failed because NATS is away: the claim then says so in
 * its own words.
 */
export function isStateUnavailable(error: unknown): boolean {
  return isDomainError(error, 'unavailable');
}
