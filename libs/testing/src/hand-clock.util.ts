import { Clock } from '@app/platform';

/** A clock a test sets by hand: now() answers `atMs` (milliseconds since the epoch). */
export class HandClock extends Clock {
  constructor(public atMs = 0) {
    super();
  }

  override now(): Date {
    return new Date(this.atMs);
  }
}
