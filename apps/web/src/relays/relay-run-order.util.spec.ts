import { RELAY_RUNS_LISTED, type RelayActionRunDto } from '@app/contracts';
import { forgetRuns, knowLiveRun, runProgress, settleFetchedRuns, type RunsKnowledge } from './relay-run-order.util';

const run = (id: number, status: RelayActionRunDto['status'], attempts = 1): RelayActionRunDto => ({
  id,
  action_id: 3,
  hwaddr: '0011aabbcc51',
  event_seq: id,
  trigger: 'fire',
  status,
  attempts,
  error: null,
  created_at: '2026-06-01T10:00:00.000Z',
  finished_at: status === 'pending' ? null : '2026-06-01T10:00:01.000Z',
});

const empty = (): RunsKnowledge => ({ runs: {}, runStamps: {}, runsClock: 0 });

describe('relay run order', () => {
  it('orders a run by attempts, then by how far its last attempt went', () => {
    expect(runProgress(run(1, 'pending', 1), 'started')).toBeLessThan(runProgress(run(1, 'pending', 1), 'retrying'));
    expect(runProgress(run(1, 'pending', 1), 'retrying')).toBeLessThan(runProgress(run(1, 'failed', 1)));
    // A run failed for good that starts another attempt has moved on.
    expect(runProgress(run(1, 'failed', 1))).toBeLessThan(runProgress(run(1, 'pending', 2)));
    // A listed pending run counts as started: the list cannot tell a retry from a start.
    expect(runProgress(run(1, 'pending', 2))).toBe(runProgress(run(1, 'pending', 2), 'started'));
  });

  it('ignores a RelayRun of a relay whose runs no screen asked for', () => {
    const knowledge = empty();
    knowLiveRun(knowledge, { relayId: 7, change: 'started', run: run(1, 'pending') });
    expect(knowledge).toEqual(empty());
  });

  it('keeps the latest runs only, newest first, as the runs API lists them', () => {
    const knowledge = empty();
    const listed = Array.from({ length: RELAY_RUNS_LISTED }, (_, index) => run(RELAY_RUNS_LISTED - index, 'succeeded'));
    settleFetchedRuns(knowledge, 7, listed, 0);
    knowLiveRun(knowledge, { relayId: 7, change: 'started', run: run(RELAY_RUNS_LISTED + 1, 'pending') });
    const shown = knowledge.runs[7];
    expect(shown).toHaveLength(RELAY_RUNS_LISTED);
    expect(shown[0].id).toBe(RELAY_RUNS_LISTED + 1);
    expect(shown.at(-1)?.id).toBe(2);
    expect(knowledge.runStamps[1]).toBeUndefined();
  });

  it('drops a run missing from a list unless the live feed told of it after the list was asked for', () => {
    const knowledge = empty();
    settleFetchedRuns(knowledge, 7, [run(2, 'succeeded'), run(1, 'succeeded')], 0);
    knowledge.runsClock += 1;
    const sentAt = knowledge.runsClock;
    knowLiveRun(knowledge, { relayId: 7, change: 'started', run: run(3, 'pending') });
    // Run 2 was deleted with its action; run 3 started after the list was read.
    settleFetchedRuns(knowledge, 7, [run(1, 'succeeded')], sentAt);
    expect(knowledge.runs[7].map((shown) => shown.id)).toEqual([3, 1]);
    expect(Object.keys(knowledge.runStamps).map(Number).sort()).toEqual([1, 3]);

    forgetRuns(knowledge, 7);
    expect(knowledge.runs[7]).toBeUndefined();
    expect(knowledge.runStamps).toEqual({});
  });
});
