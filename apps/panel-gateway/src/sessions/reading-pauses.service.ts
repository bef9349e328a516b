import { Injectable, Logger } from '@nestjs/common';
import { Clock, type LogFields } from '@app/platform';
import { GatewayMetrics } from '../metrics/gateway-metrics.service';

/**
 * How many panels the gateway has stopped reading from because NATS is behind, as one episode for
 * the whole copy: a warning when the first panel is held back and a line when the last is read
 * again, with how long it lasted and how many panels it held at most. Under saturation thousands
 * of connections pause and resume many times a second; a line for each would bury everything
 * else, so each panel's own pause is only a debug line, and the count is a gauge.
 */
@Injectable()
export class ReadingPauses {
  private readonly logger = new Logger(ReadingPauses.name);
  private paused = 0;
  private mostPaused = 0;
  private pausesInEpisode = 0;
  private startedAt = 0;

  constructor(
    private readonly metrics: GatewayMetrics,
    private readonly clock: Clock,
  ) {}

  /** A connection stopped reading from its panel. */
  pause(fields: LogFields): void {
    this.logger.debug(fields, 'NATS is behind, no longer reading from the panel');
    this.paused += 1;
    this.pausesInEpisode += 1;
    this.mostPaused = Math.max(this.mostPaused, this.paused);
    this.metrics.pausedPanels.set(this.paused);
    if (this.paused > 1) return;
    this.startedAt = this.clock.now().getTime();
    this.logger.warn(fields, 'NATS is behind: no longer reading from some panels until it catches up');
  }

  /** A connection reads from its panel again, or closed while held back (the episode may end either way). */
  resume(fields: LogFields): void {
    this.logger.debug(fields, 'no longer holding the panel back');
    if (this.paused === 0) return;
    this.paused -= 1;
    this.metrics.pausedPanels.set(this.paused);
    if (this.paused > 0) return;
    this.logger.log(
      {
        pausedMs: this.clock.now().getTime() - this.startedAt,
        mostPanelsPaused: this.mostPaused,
        pauses: this.pausesInEpisode,
      },
      'reading from every connected panel again (NATS caught up, or the panels held back left)',
    );
    this.mostPaused = 0;
    this.pausesInEpisode = 0;
  }
}
