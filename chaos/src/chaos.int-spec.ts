import { DEFAULT_CHAOS_OPTIONS, type ChaosOptions } from './chaos-options.util';
import { chaosProblems, type ChaosResult } from './chaos-report.util';
import { runChaosFromSources, type ChaosTestRun } from './testing/run-chaos-from-sources';

/**
 * The short chaos run: a small stream, an alarm every 1.5 s, and five faults (the mailer killed
 * before the SMTP server's 250, the relay-worker killed at a pulse, Redis and PostgreSQL killed,
 * every panel dropped), the apps run from their sources. Counts only: nothing lost, nothing repeated without
 * a record, no escalation mail after an acknowledgement stopped it, every app green again by itself.
 */
describe('chaos run, short', () => {
  const options: ChaosOptions = {
    ...DEFAULT_CHAOS_OPTIONS,
    faults: ['kill-mailer-mid-send', 'kill-relay-worker-mid-pulse', 'kill-redis', 'kill-postgres', 'drop-panels'],
    panels: 4,
    rate: 40,
    alarmEvery: 1.5,
    gap: 4,
    outage: 1,
    settle: 90,
  };
  let run: ChaosTestRun;
  let result: ChaosResult;

  beforeAll(async () => {
    run = await runChaosFromSources(options);
    result = run.result;
  }, 600_000);

  it('injected every fault it names, in flight where aimed', () => {
    expect(result.faults.map((fault) => fault.fault)).toHaveLength(options.faults.length);
    const aimed = result.faults.filter((fault) => fault.detail !== undefined);
    expect(aimed.map((fault) => fault.detail)).not.toContainEqual(expect.stringMatching(/^no /));
  });

  it('finds every event stored once, every alarm acted on (relay, mail, webhook, push, escalation) once or recorded as repeated, every app green again', () => {
    expect(result.events.sent).toBeGreaterThan(0);
    expect(result.relay.map((relay) => relay.alarms)).not.toContain(0);
    // One mail (one opted-in user), one webhook message and one push (one device) owed per alarm, each counted.
    expect(result.webhook.owed).toBeGreaterThan(0);
    expect(result.webhook.owed).toBe(result.mail.owed);
    expect(result.push.owed).toBe(result.mail.owed);
    // Alarms cleared between events, so many owe a step: some stopped by an acknowledgement, some taken.
    expect(result.escalation.stoppedByAcknowledgement).toBeGreaterThan(0);
    expect(result.escalation.taken).toBeGreaterThan(0);
    expect(result.escalation.mails.owed).toBeGreaterThan(0);
    // One e-mail and one push per taken step, less those an acknowledgement withheld before they
    // began: each channel's messages are withheld on their own, so the two counts may differ by those.
    expect(result.escalation.pushes.owed + result.escalation.pushes.withheld).toBe(
      result.escalation.mails.owed + result.escalation.mails.withheld,
    );
    // The run's own lines (faults, API errors) and the apps' last ones are the evidence when something broke.
    const problems = chaosProblems(result);
    const evidence = problems.length > 0 ? run.evidence() : [];
    expect({ problems, evidence }).toEqual({ problems: [], evidence: [] });
  });
});
