import type { EventCategory } from '@app/contracts';
import type { SimulatedPanel } from './simulated-panel';

export const SCENARIOS = ['fire', 'fault', 'restore', 'mixed'] as const;
export type Scenario = (typeof SCENARIOS)[number];

const NOTES: Array<[EventCategory, string]> = [
  ['service', 'Service due'],
  ['technical', 'Battery low'],
  ['technical', 'Mains restored'],
  ['system', 'Time set'],
  ['service', 'Engineer access'],
];

/**
 * Plays a scenario on every panel at `rate` steps per second per panel: fire or fault alarms on
 * random zones, alarms that clear again (restore), or a mixture with service and technical events.
 */
export class ScenarioRunner {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly panels: SimulatedPanel[],
    private readonly random: () => number = Math.random,
  ) {}

  start(scenario: Scenario, rate: number): void {
    this.stop();
    this.timer = setInterval(
      () => {
        for (const panel of this.panels) this.step(panel, scenario);
      },
      Math.max(1, Math.round(1000 / rate)),
    );
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  step(panel: SimulatedPanel, scenario: Scenario): void {
    const networks = [...panel.model.networks.values()];
    const network = networks[Math.floor(this.random() * networks.length)];
    const networkId = network.config.networkId;
    const zone = network.config.zones[Math.floor(this.random() * network.config.zones.length)].id;
    const active = [...network.runtime.zones.fire, ...network.runtime.zones.fault];
    const restoreOne = () =>
      panel.report(panel.model.setZone(networkId, active[Math.floor(this.random() * active.length)], 'normal'));
    switch (scenario) {
      case 'fire':
      case 'fault':
        panel.report(panel.model.setZone(networkId, zone, scenario));
        return;
      case 'restore':
        // Alarms come and go: clear one when any is active, otherwise raise one.
        if (active.length > 0) restoreOne();
        else panel.report(panel.model.setZone(networkId, zone, this.random() < 0.5 ? 'fire' : 'fault'));
        return;
      case 'mixed': {
        const roll = this.random();
        if (roll < 0.2) panel.report(panel.model.setZone(networkId, zone, 'fire'));
        else if (roll < 0.45) panel.report(panel.model.setZone(networkId, zone, 'fault'));
        else if (roll < 0.7 && active.length > 0) restoreOne();
        else {
          const [category, title] = NOTES[Math.floor(this.random() * NOTES.length)];
          panel.report(panel.model.note(networkId, category, title));
        }
      }
    }
  }
}
