import { DEFAULT_CHAOS_OPTIONS, type ChaosOptions } from './chaos-options.util';
import { chaosProblems, type ChaosResult } from './chaos-report.util';
import { runChaosFromSources, type ChaosTestRun } from './testing/run-chaos-from-sources';

/**
 * The short cluster chaos run: three NATS servers with every stream on three, two copies of every
 * app from their sources, a small stream, an alarm every 1.5 s, and two faults: the NATS server
 * leading PANEL_EVENTS killed, and the gateway copy holding half the panels killed. Counts only:
 * nothing lost, nothing repeated without a record, the panels on the other copy within the bound,
 * every app and the cluster whole again by themselves.
 */
describe('chaos run on a NATS cluster with two copies of every app, short', () => {
  const options: ChaosOptions = {
    ...DEFAULT_CHAOS_OPTIONS,
    cluster: true,
    faults: ['kill-nats-events-leader', 'kill-gateway-holding-panels'],
    panels: 4,
    rate: 30,
    alarmEvery: 1.5,
    gap: 3,
    outage: 1,
    settle: 60,
  };
  let run: ChaosTestRun;
  let result: ChaosResult;

  beforeAll(async () => {
    run = await runChaosFromSources(options);
    result = run.result;
  }, 280_000);

  it('injected both faults, on the servers and copies aimed at', () => {
    expect(result.faults.map((fault) => fault.fault)).toEqual([
      expect.stringMatching(/^kill -9 of the NATS server leading PANEL_EVENTS/),
      expect.stringMatching(/^kill -9 panel-gateway-[12]$/),
    ]);
    // The copy killed held panels, and they were linked to the other one.
    expect(result.faults[1].detail).toMatch(/^holding [1-9]/);
    expect(result.faults[1].checks?.[0]).toMatchObject({ ok: true });
  });

  it('finds every event stored once, every alarm acted on once or recorded as repeated, every app and the cluster whole again', () => {
    expect(result.events.sent).toBeGreaterThan(0);
    expect(result.relay.map((relay) => relay.alarms)).not.toContain(0);
    expect(result.push.owed).toBe(result.mail.owed);
    expect(result.escalation.taken).toBeGreaterThan(0);
    // The run's own lines (faults, API errors) and the apps' last ones are the evidence when something broke.
    const problems = chaosProblems(result);
    const evidence = problems.length > 0 ? run.evidence() : [];
    expect({ problems, evidence }).toEqual({ problems: [], evidence: [] });
  });
});
