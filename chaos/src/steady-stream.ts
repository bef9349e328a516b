import type { RuntimeReport } from '@app/contracts';
import type { ChaosOptions } from './chaos-options.util';
import type { ChaosWorld } from './chaos-world';

/** A runtime report of the alarm site's network: its zone 1 in `active`, no zone in the other kind. */
function onlyActive(active: 'fire' | 'fault'): RuntimeReport {
  return {
    zones: { fire: active === 'fire' ? [1] : [], fault: active === 'fault' ? [1] : [] },
    disabled: { sounders: false },
  };
}

/**
 * The steady stream: `rate` events/s spread over the fleet's panels, and a fire or a fault (in
 * turn) from the alarm site every `alarmEvery` seconds unless paused. Sends catch up after a late timer.
 *
 * Half an interval after each alarm event the alarm site reports its network's state, the zone of
 * that event's kind still active and none of the other kind: the other kind's alarm (opened one and
 * a half intervals before) is cleared, so that its next event opens a new alarm, owing its own
 * escalation step, rather than joining the one before.
 */
export class SteadyStream {
  private timers: NodeJS.Timeout[] = [];
  private readonly clears = new Set<NodeJS.Timeout>();
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
        const kind = this.alarms++ % 2 === 0 ? 'fire' : 'fault';
        this.world.ledger.send(this.world.alarmPanel, kind, 'Chaos alarm');
        const clear = setTimeout(() => {
          this.clears.delete(clear);
          this.world.alarmPanel.sendRuntime(1, onlyActive(kind));
        }, this.options.alarmEvery * 500);
        this.clears.add(clear);
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
    for (const clear of this.clears) clearTimeout(clear);
  }
}
