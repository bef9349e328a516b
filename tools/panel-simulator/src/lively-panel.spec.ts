import type { CommandMessage } from '@app/panel-protocol';
import { LivelyPanel, livelyOptionsAtPace, LIVELY_DEFAULTS, type LivelyOptions } from './lively-panel';
import { SimulatedPanel } from './simulated-panel';

const MINUTE = 60_000;
const options: LivelyOptions = {
  noteEveryMs: 1000,
  runtimeEveryMs: 1500,
  firstFaultMs: 2000,
  faultEveryMs: 10_000,
  faultLastsMs: 3000,
  firstDesyncMs: 2500,
  desyncEveryMs: 20_000,
  desyncSkewMs: 25 * MINUTE,
};

function simulatedPanel(): SimulatedPanel {
  // Never started: events wait in the link's unacked list, where the test reads them.
  return new SimulatedPanel({
    hwaddr: '00a0b1c2d3e4',
    adminKey: '1234',
    deviceSecret: 'ab'.repeat(32),
    host: '127.0.0.1',
    port: 7700,
    networkIds: [1, 2],
    panelType: 'SMARTLOOP_MK2',
    firmware: '4.2.1',
    cloudControl: true,
    log: () => undefined,
  });
}

describe('LivelyPanel', () => {
  let panel: SimulatedPanel;
  let lively: LivelyPanel | undefined;
  const titles = () => panel.link.unacked.map((event) => event.title);
  const faultedZones = () => [...panel.model.networks.values()].flatMap((network) => network.runtime.zones.fault);

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-23T09:00:00Z') });
    panel = simulatedPanel();
  });

  afterEach(() => {
    lively?.stop();
    jest.useRealTimers();
  });

  it('keeps to its schedule: notes, runtime reports, a fault that clears itself, a note from a drifted clock', () => {
    const runtimeReports = jest.spyOn(panel, 'reportRuntime');
    // A draw of 0.5 makes every wait exactly its mean.
    lively = new LivelyPanel(panel, options, () => 0.5);
    lively.start();

    jest.advanceTimersByTime(999);
    expect(titles()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(panel.link.unacked).toHaveLength(1);
    expect(panel.link.unacked[0]).toMatchObject({ networkId: 2, date: new Date().toISOString() });
    expect(['system', 'service', 'technical']).toContain(panel.link.unacked[0].category);

    jest.advanceTimersByTime(500);
    expect(runtimeReports.mock.calls.map(([networkId]) => networkId)).toEqual([1, 2]);

    jest.advanceTimersByTime(500); // 2000 ms: the first fault, and the second note
    expect(titles().filter((title) => title === 'Zone fault')).toHaveLength(1);
    expect(faultedZones()).toHaveLength(1);
    expect(panel.link.unacked).toHaveLength(3);

    jest.advanceTimersByTime(500); // 2500 ms: the drifted note, stamped 25 minutes behind the clock
    const drifted = panel.link.unacked[3];
    expect(Date.now() - Date.parse(drifted.date)).toBe(25 * MINUTE);
    expect(panel.link.unacked.slice(0, 3).every((event) => Date.now() - Date.parse(event.date) < MINUTE)).toBe(true);

    jest.advanceTimersByTime(2500); // 5000 ms: the fault has lasted 3 s and clears
    expect(faultedZones()).toEqual([]);
    expect(titles()).toContain('Fault cleared');

    jest.advanceTimersByTime(5000); // 10 s: a note every second, a runtime round every 1.5 s
    expect(titles().filter((title) => !['Zone fault', 'Fault cleared'].includes(title))).toHaveLength(10 + 1);
    expect(runtimeReports).toHaveBeenCalledTimes(2 * 6);

    jest.advanceTimersByTime(2000); // 12 s: the second fault, 10 s after the first
    expect(titles().filter((title) => title === 'Zone fault')).toHaveLength(2);
  });

  it('keeps its clock behind once it fell, until a Sync panel clock sets it; it falls again later', () => {
    lively = new LivelyPanel(panel, { ...options, noteEveryMs: 1000, firstFaultMs: 1e9 }, () => 0.5);
    lively.start();
    const lag = (event: { date: string }) => Date.now() - Date.parse(event.date);
    jest.advanceTimersByTime(2500);
    expect(lag(panel.link.unacked.at(-1)!)).toBe(25 * MINUTE);
    jest.advanceTimersByTime(500); // 3 s: the next note, stamped by the same slow clock
    expect(lag(panel.link.unacked.at(-1)!)).toBe(25 * MINUTE);

    const sync: CommandMessage = {
      type: 'command',
      correlationId: 'c-1',
      networkId: 1,
      kind: 'syncClock',
      payload: { time: new Date().toISOString() },
    };
    expect(panel.model.apply(sync).outcome).toEqual({ ok: true });
    jest.advanceTimersByTime(1000); // 4 s: a note on time
    expect(lag(panel.link.unacked.at(-1)!)).toBe(0);

    jest.advanceTimersByTime(18_500); // 22.5 s: the clock falls behind again
    expect(lag(panel.link.unacked.at(-1)!)).toBe(25 * MINUTE);
  });

  it('draws each wait between half and one and a half of its mean', () => {
    const early = new LivelyPanel(panel, { ...options, firstFaultMs: 1e9, firstDesyncMs: 1e9 }, () => 0);
    lively = early;
    early.start();
    jest.advanceTimersByTime(499);
    expect(titles()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(titles()).toHaveLength(1);
    early.stop();

    const other = simulatedPanel();
    const late = new LivelyPanel(other, { ...options, firstFaultMs: 1e9, firstDesyncMs: 1e9 }, () => 0.999);
    lively = late;
    late.start();
    jest.advanceTimersByTime(1498);
    expect(other.link.unacked).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(other.link.unacked).toHaveLength(1);
  });

  it('leaves a zone in fire alone when its fault would have cleared', () => {
    lively = new LivelyPanel(panel, { ...options, noteEveryMs: 1e9, firstDesyncMs: 1e9 }, () => 0.5);
    lively.start();
    jest.advanceTimersByTime(2000);
    const [network] = [...panel.model.networks.values()].filter(
      (candidate) => candidate.runtime.zones.fault.length > 0,
    );
    const zoneId = network.runtime.zones.fault[0];
    panel.report(panel.model.setZone(network.config.networkId, zoneId, 'fire'));
    jest.advanceTimersByTime(3000);
    expect(network.runtime.zones.fire).toEqual([zoneId]);
    expect(titles()).not.toContain('Fault cleared');
  });

  it('does nothing once stopped', () => {
    lively = new LivelyPanel(panel, options, () => 0.5);
    lively.start();
    jest.advanceTimersByTime(2000);
    lively.stop();
    const sent = panel.link.unacked.length;
    jest.advanceTimersByTime(60 * MINUTE);
    expect(panel.link.unacked).toHaveLength(sent);
    expect(faultedZones()).toHaveLength(1);
  });

  it('scales every wait by its pace but keeps the clock skew', () => {
    const fast = livelyOptionsAtPace(0.1);
    expect(fast.noteEveryMs).toBe(LIVELY_DEFAULTS.noteEveryMs / 10);
    expect(fast.firstDesyncMs).toBe(LIVELY_DEFAULTS.firstDesyncMs / 10);
    expect(fast.desyncSkewMs).toBe(LIVELY_DEFAULTS.desyncSkewMs);
    // The portal flags a panel time more than 10 minutes off (TIME_DESYNC_THRESHOLD's default).
    expect(LIVELY_DEFAULTS.desyncSkewMs).toBeGreaterThan(10 * MINUTE);
  });
});
