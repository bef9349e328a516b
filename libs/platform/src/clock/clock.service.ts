import { Injectable } from '@nestjs/common';

/** The time, behind a wrapper so that tests can move it (token expiry, rate-limit windows). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /** Seconds since the epoch, as tokens count them. */
  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}
