import { ScenarioRunner } from './scenario-runner';
import { SimulatedPanel } from './simulated-panel';
import { SimulatorConsole } from './simulator-console';

describe('the simulator console', () => {
  it("shows the panel's clock and sets it behind, as a drifting clock would be", async () => {
    // Never started: the console and the model only.
    const panel = new SimulatedPanel({
      hwaddr: '00a0b1c2d3e4',
      adminKey: '1234',
      deviceSecret: 'cd'.repeat(32),
      host: '127.0.0.1',
      port: 7700,
      networkIds: [1],
      panelType: 'SMARTLOOP_MK2',
      firmware: '4.2.1',
      cloudControl: true,
      log: () => undefined,
    });
    const simulatorConsole = new SimulatorConsole([panel], new ScenarioRunner([panel]), () => undefined);
    await expect(simulatorConsole.execute('clock')).resolves.toMatch(/^00a0b1c2d3e4: clock \S+ \(on time\)$/);
    await expect(simulatorConsole.execute('clock slow 25')).resolves.toMatch(/\(1500 s slow\)$/);
    expect(panel.model.clockOffsetMs).toBe(-25 * 60_000);
    await expect(simulatorConsole.execute('clock fast')).rejects.toThrow("say 'clock' or 'clock slow <minutes>'");
  });
});
