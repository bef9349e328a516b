/**
 * Fires when nothing arrived from a panel for a whole window. Every received frame refreshes it;
 * it is stopped while the gateway itself stops reading (back-pressure), since silence then is ours.
 */
export class SupervisionTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly windowMs: number,
    private readonly onSilence: () => void,
  ) {}

  start(): void {
    this.stop();
    this.timer = setTimeout(this.onSilence, this.windowMs);
    this.timer.unref();
  }

  /** A frame arrived. */
  refresh(): void {
    this.timer?.refresh();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
