import { EVENT_CATEGORIES, normaliseHwaddr, type EventCategory } from '@app/contracts';
import { EVENT_TEXT_MAX_LENGTH } from '@app/panel-protocol';
import { POISON_FIELDS, poisonEvent, type PoisonField } from './poison-event.util';
import { SCENARIOS, type Scenario, type ScenarioRunner } from './scenario-runner';
import type { SimulatedPanel } from './simulated-panel';

export const CONSOLE_HELP = `Commands (zones are numbered from 1 as on the portal's badges; networks by id):
  list                          the panels, their link state and unacked events
  use <n|hwaddr|all>            act on panel n (from 1), on one hwaddr, or on all panels (default: 1)
  fire <network> <zone>         a zone goes into fire
  fault <network> <zone>        a zone goes into fault
  restore <network> <zone>      a zone returns to normal
  reset [network]               clear every fire and fault (all networks when none given)
  event <category> <network> <title…>   any event: ${EVENT_CATEGORIES.join(', ')}
  poison <network> [${POISON_FIELDS.join('|')}]   an event the gateway must refuse (U+0000 in the text, year 0000)
  status                        runtime of each network of the selected panel(s)
  cloud on|off                  enable or disable cloud control
  clock [slow <minutes>]        the panel's clock; 'slow 25' sets it 25 minutes behind (the portal's
                                Sync panel clock sets it right)
  disconnect | connect          drop the link (events are kept and resent) or bring it back
  scenario <${SCENARIOS.join('|')}> [rate]   play a scenario on every panel; 'stop' ends it
  wait <ms>                     pause a script
  quit                          disconnect and exit`;

/** Text commands for a person demoing the portal, typed or read from a script file. */
export class SimulatorConsole {
  private selected: SimulatedPanel[];

  constructor(
    private readonly panels: SimulatedPanel[],
    private readonly runner: ScenarioRunner,
    private readonly onQuit: () => void,
  ) {
    this.selected = panels.slice(0, 1);
  }

  /** Runs one line; returns what to print. */
  async execute(line: string): Promise<string> {
    const [command, ...args] = line.trim().split(/\s+/);
    if (!command || command.startsWith('#')) return '';
    const int = (index: number, name: string): number => {
      const value = Number(args[index]);
      if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number`);
      return value;
    };
    const each = (action: (panel: SimulatedPanel) => string): string => this.selected.map(action).join('\n');
    const zoneChange = (condition: 'fire' | 'fault' | 'normal') => {
      if (args.length < 2) throw new Error(`say '${command} <network> <zone>', e.g. '${command} 1 3'`);
      const networkId = int(0, 'network');
      const zoneId = int(1, 'zone') - 1;
      return each((panel) => outcomeText(panel, panel.report(panel.model.setZone(networkId, zoneId, condition))));
    };
    switch (command) {
      case 'help':
        return CONSOLE_HELP;
      case 'list':
        return this.panels
          .map(
            (panel, index) =>
              `${index + 1}. ${panel.hwaddr} ${panel.link.isReady ? 'connected' : 'not connected'}, ${panel.link.unacked.length} unacked${this.selected.includes(panel) ? ' *' : ''}`,
          )
          .join('\n');
      case 'use': {
        const target = args[0] ?? '';
        if (target === 'all') this.selected = [...this.panels];
        else {
          const byIndex = this.panels[Number(target) - 1];
          const panel = byIndex ?? this.panels.find((candidate) => candidate.hwaddr === normaliseHwaddr(target));
          if (!panel) throw new Error(`no panel ${target}`);
          this.selected = [panel];
        }
        return `acting on ${this.selected.map((panel) => panel.hwaddr).join(', ')}`;
      }
      case 'fire':
        return zoneChange('fire');
      case 'fault':
        return zoneChange('fault');
      case 'restore':
        return zoneChange('normal');
      case 'reset':
        return each((panel) => {
          const networks = args[0] ? [int(0, 'network')] : [...panel.model.networks.keys()];
          return networks
            .map((networkId) =>
              outcomeText(
                panel,
                panel.report(
                  panel.model.apply({
                    type: 'command',
                    correlationId: 'console',
                    networkId,
                    kind: 'button',
                    payload: { action: 'RESET', data: 'NA' },
                  }),
                ),
              ),
            )
            .join('\n');
        });
      case 'event': {
        const category = args[0] as EventCategory;
        if (!EVENT_CATEGORIES.includes(category))
          throw new Error(`category must be one of ${EVENT_CATEGORIES.join(', ')}`);
        const networkId = int(1, 'network');
        const title = args.slice(2).join(' ') || 'Simulated event';
        return each((panel) =>
          outcomeText(
            panel,
            panel.report(panel.model.note(networkId, category, title.slice(0, EVENT_TEXT_MAX_LENGTH))),
          ),
        );
      }
      case 'poison': {
        const networkId = int(0, 'network');
        const field = (args[1] ?? 'title') as PoisonField;
        if (!POISON_FIELDS.includes(field))
          throw new Error(`the poisoned field must be one of ${POISON_FIELDS.join(', ')}`);
        return each(
          (panel) =>
            `${panel.hwaddr}: sent event ${panel.link.sendEvent(poisonEvent(networkId, field))} with a bad ${field}`,
        );
      }
      case 'status':
        return each((panel) =>
          [...panel.model.networks.values()]
            .map(({ config, runtime }) => {
              const zones = (ids: number[]) => (ids.length ? ids.map((id) => id + 1).join(',') : 'none');
              return `${panel.hwaddr} network ${config.networkId}: fire ${zones(runtime.zones.fire)}; fault ${zones(runtime.zones.fault)}; sounders ${runtime.disabled.sounders ? 'disabled' : 'enabled'}`;
            })
            .join('\n'),
        );
      case 'cloud': {
        if (args[0] !== 'on' && args[0] !== 'off') throw new Error("say 'cloud on' or 'cloud off'");
        return each((panel) => {
          panel.link.setCloudControl(args[0] === 'on');
          return `${panel.hwaddr}: cloud control ${args[0]}`;
        });
      }
      case 'clock': {
        if (args[0] === 'slow') panelsClockBehind(this.selected, int(1, 'minutes'));
        else if (args.length > 0) throw new Error("say 'clock' or 'clock slow <minutes>'");
        return each((panel) => `${panel.hwaddr}: clock ${clockText(panel)}`);
      }
      case 'disconnect':
        await Promise.all(this.selected.map((panel) => panel.stop()));
        return each((panel) => `${panel.hwaddr}: disconnected (unacked events kept)`);
      case 'connect':
        return each((panel) => {
          panel.start();
          return `${panel.hwaddr}: connecting`;
        });
      case 'scenario': {
        if (args[0] === 'stop') {
          this.runner.stop();
          return 'scenario stopped';
        }
        const scenario = args[0] as Scenario;
        if (!SCENARIOS.includes(scenario)) throw new Error(`scenario must be one of ${SCENARIOS.join(', ')} or stop`);
        const rate = args[1] ? Number(args[1]) : 1;
        if (!(rate > 0)) throw new Error('rate must be above 0');
        this.runner.start(scenario, rate);
        return `playing ${scenario} at ${rate} per second per panel`;
      }
      case 'stop':
        this.runner.stop();
        return 'scenario stopped';
      case 'wait':
        await new Promise((resolve) => setTimeout(resolve, int(0, 'milliseconds')));
        return '';
      case 'quit':
      case 'exit':
        this.onQuit();
        return 'bye';
      default:
        throw new Error(`unknown command '${command}' (try 'help')`);
    }
  }
}

function outcomeText(panel: SimulatedPanel, outcome: { ok: boolean; reason?: string }): string {
  return outcome.ok ? `${panel.hwaddr}: ok` : `${panel.hwaddr}: ${outcome.reason}`;
}

function panelsClockBehind(panels: readonly SimulatedPanel[], minutes: number): void {
  if (minutes < 0) throw new Error('minutes must be 0 or more');
  for (const panel of panels) panel.model.setClockBehind(minutes * 60_000);
}

/** The panel's clock, and how far it is off. */
function clockText(panel: SimulatedPanel): string {
  const offset = Math.round(panel.model.clockOffsetMs / 1000);
  if (offset === 0) return `${panel.model.clock.toISOString()} (on time)`;
  return `${panel.model.clock.toISOString()} (${Math.abs(offset)} s ${offset < 0 ? 'slow' : 'fast'})`;
}
