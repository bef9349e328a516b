import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ScenarioRunner } from './scenario-runner';
import { SimulatedPanel } from './simulated-panel';
import { SimulatorConsole } from './simulator-console';

/** The demo console's examples in docs/demo.md: the lines of its blocks that start with the prompt. */
function readmeExamples(): string[] {
  const readme = readFileSync(resolve(__dirname, '../../../docs/demo.md'), 'utf8');
  return [...readme.matchAll(/^panel> (.+)$/gm)].map((match) => match[1].trim());
}

describe('the demo console examples of docs/demo.md', () => {
  const examples = readmeExamples();
  let panel: SimulatedPanel;
  let simulatorConsole: SimulatorConsole;

  beforeEach(() => {
    // The demo panel as `npm start` runs it (two networks), never started: the parser and the model only.
    panel = new SimulatedPanel({
      hwaddr: '00a0b1c2d3e4',
      adminKey: '1234',
      deviceSecret: 'cd'.repeat(32),
      host: '127.0.0.1',
      port: 7700,
      networkIds: [1, 2],
      panelType: 'SMARTLOOP_MK2',
      firmware: '4.2.1',
      cloudControl: true,
      log: () => undefined,
    });
    simulatorConsole = new SimulatorConsole([panel], new ScenarioRunner([panel]), () => undefined);
  });

  it('lists the zone commands and help', () => {
    const commands = examples.map((line) => line.split(/\s+/)[0]);
    expect(commands).toEqual(expect.arrayContaining(['fire', 'fault', 'restore', 'reset', 'help', 'status']));
  });

  it('runs every example as written, in order, each doing what it says', async () => {
    for (const line of examples) {
      const [command, ...args] = line.split(/\s+/);
      const output = await simulatorConsole.execute(line);
      expect({ line, output }).not.toEqual({ line, output: expect.stringMatching(/must be|unknown|no panel|say '/) });
      const zones = (networkId: number) => panel.model.networks.get(networkId)!.runtime.zones;
      switch (command) {
        case 'fire':
        case 'fault':
          expect({ line, output }).toEqual({ line, output: '00a0b1c2d3e4: ok' });
          expect(zones(Number(args[0]))[command]).toContain(Number(args[1]) - 1);
          break;
        case 'restore':
          expect(zones(Number(args[0])).fire).not.toContain(Number(args[1]) - 1);
          expect(zones(Number(args[0])).fault).not.toContain(Number(args[1]) - 1);
          break;
        case 'reset':
          for (const networkId of args[0] ? [Number(args[0])] : [1, 2])
            expect(zones(networkId)).toEqual({ fire: [], fault: [] });
          break;
        case 'help':
          expect(output).toContain('fire <network> <zone>');
          break;
        default:
          expect(output).not.toBe('');
      }
    }
  });

  it('answers a zone command without its numbers with how to say it', async () => {
    await expect(simulatorConsole.execute('fault')).rejects.toThrow("say 'fault <network> <zone>', e.g. 'fault 1 3'");
  });
});
