import type { ChaosOptions } from './chaos-options.util';
import type { ChaosWorld } from './chaos-world';

/**
 * The steady stream: `rate` events/s spread over the fleet's panels, and a fire or a fault (in
 * turn) from the alarm site every `alarmEvery` seconds unless paused. Sends catch up after a late timer.
 */
export class SteadyStream {
  private timers: NodeJS.Timeout[] = [];
  private paused = false;
  private alarms = 0;

  constructor(
    private readonly world: ChaosWorld,
    private readonly options: ChaosOptions,
  ) {}

  start(): void {
    const started = performance.now();
    let sent = 0;
    const panels = this.world.fleet.panels;
    this.timers.push(
      setInterval(() => {
        const due = Math.floor(((performance.now() - started) / 1000) * this.options.rate);
        for (; sent < due; sent++)
          this.world.ledger.send(panels[sent % panels.length], sent % 50 === 0 ? 'technical' : 'system', 'Chaos');
      }, 10),
      setInterval(() => {
        if (this.paused) return;
        this.world.ledger.send(this.world.alarmPanel, this.alarms++ % 2 === 0 ? 'fire' : 'fault', 'Chaos alarm');
      }, this.options.alarmEvery * 1000),
    );
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
