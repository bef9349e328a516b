import { arrived, mailLatenciesByFire, relayPulseLatencies, webhookLatenciesByFire } from './fire-relay.util';

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

  it('gives each fire its first verified alarm.fire webhook by title; an unverified or missing one is lost (NaN)', () => {
    const at = (ms: number) => performance.timeOrigin + ms;
    const fire = (title: string) => ({ type: 'alarm.fire', data: { title } });
    const received = [
      { verified: true, payload: { type: 'panel.communication_restored', data: {} }, receivedAt: at(50) },
      { verified: true, payload: fire('BenchFire00001'), receivedAt: at(690) },
      { verified: true, payload: fire('BenchFire00000'), receivedAt: at(180) },
      // a repeat of a message already received keeps the first arrival
      { verified: true, payload: fire('BenchFire00000'), receivedAt: at(400) },
      // a signature that does not verify has no payload: the fire's webhook is lost
      { verified: false, payload: null, receivedAt: at(1150) },
    ];
    const byFire = webhookLatenciesByFire(
      received,
      ['BenchFire00000', 'BenchFire00001', 'BenchFire00002'],
      [100, 600, 1100],
    );
    // Date.now() holds whole milliseconds: within one of the arrival's time.
    expect(byFire[2]).toBeNaN();
    byFire.slice(0, 2).forEach((latency, index) => expect(Math.abs(latency - [80, 90][index])).toBeLessThan(1));
    expect(arrived(byFire)).toHaveLength(2);
  });
});
