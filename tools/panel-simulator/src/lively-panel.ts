import type { EventCategory } from '@app/contracts';
import type { SimulatedPanel } from './simulated-panel';

/** How often a lively panel does each thing; every wait is drawn between half and one and a half of its mean. */
export interface LivelyOptions {
  /** Mean wait between system, service and technical notes. */
  noteEveryMs: number;
  /** Mean wait between runtime reports of every network (a panel reports its state now and then). */
  runtimeEveryMs: number;
  /** Wait before the first zone fault, then the mean wait between faults. */
  firstFaultMs: number;
  faultEveryMs: number;
  /** How long a fault lasts before the zone clears by itself. */
  faultLastsMs: number;
  /**
   * Wait before the panel's clock first falls behind, then the mean wait between its falls: each
   * time it is set `desyncSkewMs` slow (unless it is already), and every event is stamped by it
   * until a Sync panel clock command sets it to the portal's time.
   */
  firstDesyncMs: number;
  desyncEveryMs: number;
  /** How far behind the panel's clock falls (the portal flags more than 10 minutes). */
  desyncSkewMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A demo's pace: something shows within a minute or two, without flooding the events page. */
export const LIVELY_DEFAULTS: Readonly<LivelyOptions> = {
  noteEveryMs: 20 * SECOND,
  runtimeEveryMs: 30 * SECOND,
  firstFaultMs: 75 * SECOND,
  faultEveryMs: 5 * MINUTE,
  faultLastsMs: 45 * SECOND,
  firstDesyncMs: 30 * SECOND,
  desyncEveryMs: 10 * MINUTE,
  desyncSkewMs: 25 * MINUTE,
};

/** The defaults with every wait multiplied by `pace` (0.1: ten times as lively); the clock skew stays. */
export function livelyOptionsAtPace(pace: number): LivelyOptions {
  const scaled = { ...LIVELY_DEFAULTS };
  for (const key of Object.keys(scaled) as Array<keyof LivelyOptions>) {
    if (key !== 'desyncSkewMs') scaled[key] = Math.max(1, Math.round(scaled[key] * pace));
  }
  return scaled;
}

export const LIVELY_NOTES: ReadonlyArray<readonly [EventCategory, string, string]> = [
  ['system', 'Access level 2 entered', 'Panel keypad'],
  ['system', 'Access level 2 exited', 'Panel keypad'],
  ['system', 'Printer paper low', 'Printer'],
  ['service', 'Service due in 30 days', 'N/A'],
  ['service', 'Engineer logged on', 'Panel keypad'],
  ['service', 'Weekly test started', 'Panel keypad'],
  ['technical', 'Battery test passed', 'Power supply'],
  ['technical', 'Mains restored', 'Power supply'],
];

/** The part of a panel a lively schedule drives (a SimulatedPanel). */
export type LivelyTarget = Pick<SimulatedPanel, 'model' | 'report' | 'reportRuntime'>;

/**
 * A panel that lives on its own, for demos: a trickle of notes, runtime reports, a zone fault now
 * and then that clears by itself, and now and then a clock that falls behind, whose notes the
 * portal raises as a time desync notification (Sync panel clock sets it right). Fires are left to
 * the person at the console.
 */
export class LivelyPanel {
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = false;

  constructor(
    private readonly panel: LivelyTarget,
    private readonly options: LivelyOptions = LIVELY_DEFAULTS,
    private readonly random: () => number = Math.random,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const { noteEveryMs, runtimeEveryMs, firstFaultMs, faultEveryMs, firstDesyncMs, desyncEveryMs } = this.options;
    this.every(this.around(noteEveryMs), noteEveryMs, () => this.note());
    this.every(this.around(runtimeEveryMs), runtimeEveryMs, () => this.runtimes());
    this.every(firstFaultMs, faultEveryMs, () => this.fault());
    this.every(firstDesyncMs, desyncEveryMs, () => this.driftClock());
  }

  stop(): void {
    this.running = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Runs `action` after `firstMs`, then again after a wait around `meanMs`, until stopped. */
  private every(firstMs: number, meanMs: number, action: () => void): void {
    this.after(firstMs, () => {
      action();
      this.every(this.around(meanMs), meanMs, action);
    });
  }

  private after(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.running) action();
    }, ms);
    this.timers.add(timer);
  }

  private around(meanMs: number): number {
    return Math.max(1, Math.round(meanMs * (0.5 + this.random())));
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  private networkIds(): number[] {
    return [...this.panel.model.networks.keys()];
  }

  /** A note on a random network, stamped by the panel's clock. */
  private note(): void {
    const [category, title, location] = this.pick(LIVELY_NOTES);
    this.panel.report(this.panel.model.note(this.pick(this.networkIds()), category, title, location));
  }

  /** The clock falls behind (a clock already behind stays as it is), and a note shows it at once. */
  private driftClock(): void {
    if (this.panel.model.clockOffsetMs === 0) this.panel.model.setClockBehind(this.options.desyncSkewMs);
    this.note();
  }

  private runtimes(): void {
    for (const networkId of this.networkIds()) this.panel.reportRuntime(networkId);
  }

  /** A quiet zone goes into fault, and clears by itself later unless something else cleared it. */
  private fault(): void {
    const networkId = this.pick(this.networkIds());
    const network = this.panel.model.networks.get(networkId)!;
    const { fire, fault } = network.runtime.zones;
    const quiet = network.config.zones.filter((zone) => !fire.includes(zone.id) && !fault.includes(zone.id));
    if (quiet.length === 0) return;
    const zoneId = this.pick(quiet).id;
    this.panel.report(this.panel.model.setZone(networkId, zoneId, 'fault'));
    this.after(this.options.faultLastsMs, () => {
      const zones = this.panel.model.networks.get(networkId)!.runtime.zones;
      if (zones.fault.includes(zoneId) && !zones.fire.includes(zoneId))
        this.panel.report(this.panel.model.setZone(networkId, zoneId, 'normal'));
    });
  }
}
