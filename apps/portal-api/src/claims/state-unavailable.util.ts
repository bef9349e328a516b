import { HttpException, HttpStatus } from '@nestjs/common';
import { isDomainError } from '@app/platform';

/**
 * Whether reading the panels' live state failed because NATS is away: the claim then says so in
 * its own words. The live state answers a DomainError; an HTTP 503 is accepted too while the panels'
 * services still throw those.
 */
export function isStateUnavailable(error: unknown): boolean {
  return (
    isDomainError(error, 'unavailable') ||
    (error instanceof HttpException && error.getStatus() === HttpStatus.SERVICE_UNAVAILABLE)
  );
}
