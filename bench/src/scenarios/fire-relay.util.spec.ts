import { arrived, mailLatenciesByFire, relayPulseLatencies } from './fire-relay.util';

describe('fire latencies', () => {
  it("gives each fire its relay pulse, in the fires' order, leaving out earlier switches and the IOs", () => {
    const at = (ms: number) => new Date(performance.timeOrigin + ms);
    const switches = [
      { kind: 'relay' as const, relay: 1, pulseMs: 500, at: at(5) },
      { kind: 'relay' as const, relay: 1, pulseMs: 500, at: at(130) },
      { kind: 'io' as const, io: 1, on: true, at: at(140) },
      { kind: 'relay' as const, relay: 1, pulseMs: 500, at: at(640) },
    ];
    const latencies = relayPulseLatencies({ switches }, 1, [100, 600]);
    // A Date holds whole milliseconds: within one of the pulse's time.
    expect(latencies).toHaveLength(2);
    latencies.forEach((latency, index) => expect(Math.abs(latency - [30, 40][index])).toBeLessThan(1));
  });

  it('gives each fire its mail by the title in its text, and NaN for a fire whose mail never came', () => {
    const accepted = [
      { at: 720, text: 'Fire at Zone 1: BenchFire00001' },
      { at: 150, text: 'Fire at Zone 1: BenchFire00000' },
    ];
    const byFire = mailLatenciesByFire(
      accepted,
      ['BenchFire00000', 'BenchFire00001', 'BenchFire00002'],
      [100, 600, 1100],
    );
    expect(byFire).toEqual([50, 120, Number.NaN]);
    expect(arrived(byFire)).toEqual([50, 120]);
  });
});
