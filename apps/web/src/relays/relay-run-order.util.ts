import {
  RELAY_RUNS_LISTED,
  type LivefeedRelayRunData,
  type RelayActionRunDto,
  type RelayRunChange,
} from '@app/contracts';

/**
 * The order of what the client knows of relay runs. The live feed pushes each change of a run
 * (RelayRun) and the runs API lists them; an API answer read before a change can reach the client
 * after that change's RelayRun. A run only moves forward: each attempt starts, then fails for a
 * retry or ends (a run that failed for good may start a further attempt), so its progress orders
 * its states: attempts first, then how far the last attempt went. A listed run replaces the shown
 * one unless the shown one is further along (a listed pending run may be a retry the list cannot
 * tell from a start; the same progress shows the same or a newer state, so the list wins a tie).
 *
 * A run missing from a list is new since the list was read, or gone (its action deleted, or no
 * longer among the latest): one the live feed (or a later fetch) told of after the list was asked
 * for is kept, as the sites domain keeps what it heard after a fetch was sent
 * (site-knowledge.util.ts); the others go. One clock orders those writes: a live write and a fetch
 * sent each take its next tick.
 */

/** How far a run went, for one attempt. */
const STEP: Record<RelayRunChange, number> = {
  started: 0,
  retrying: 1,
  succeeded: 2,
  failed: 2,
  suppressed: 2,
  'handled-before-restore': 2,
};

/** What the client knows of a shown run: how far it went, and when a write set it (the runs clock). */
export interface RunStamp {
  progress: number;
  at: number;
}

export interface RunsKnowledge {
  /** Each relay's shown runs, newest first, by relay id; absent until its screen asks for them. */
  runs: Record<number, RelayActionRunDto[]>;
  /** By run id, for every shown run. */
  runStamps: Record<number, RunStamp>;
  /** Ticks at each live write and each fetch sent; a fetch takes the tick of its sending. */
  runsClock: number;
}

/** A run's progress: from the change the live feed names, else from its status (pending counts as started). */
export function runProgress(run: RelayActionRunDto, change?: RelayRunChange): number {
  const step = change ?? (run.status === 'pending' ? 'started' : run.status);
  return run.attempts * 3 + STEP[step];
}

const newestFirst = (left: RelayActionRunDto, right: RelayActionRunDto) => right.id - left.id;

function keepLatest(knowledge: RunsKnowledge, relayId: number, runs: RelayActionRunDto[]): void {
  runs.sort(newestFirst);
  for (const dropped of runs.splice(RELAY_RUNS_LISTED)) delete knowledge.runStamps[dropped.id];
  knowledge.runs[relayId] = runs;
}

/** A RelayRun: applied to a shown relay's runs unless the shown run is further along. */
export function knowLiveRun(knowledge: RunsKnowledge, { relayId, change, run }: LivefeedRelayRunData): void {
  const shown = knowledge.runs[relayId];
  // No screen asked for this relay's runs: the next one that opens asks.
  if (shown === undefined) return;
  const progress = runProgress(run, change);
  const known = knowledge.runStamps[run.id];
  if (known !== undefined && known.progress > progress) return;
  knowledge.runsClock += 1;
  knowledge.runStamps[run.id] = { progress, at: knowledge.runsClock };
  keepLatest(knowledge, relayId, [run, ...shown.filter((candidate) => candidate.id !== run.id)]);
}

/** A fetched list of a relay's runs (asked for at `sentAt`), with what the live feed told since kept. */
export function settleFetchedRuns(
  knowledge: RunsKnowledge,
  relayId: number,
  fetched: RelayActionRunDto[],
  sentAt: number,
): void {
  const shown = new Map((knowledge.runs[relayId] ?? []).map((run) => [run.id, run]));
  const listed = new Set(fetched.map((run) => run.id));
  const runs = fetched.map((run) => {
    const known = knowledge.runStamps[run.id];
    const progress = runProgress(run);
    const kept = shown.get(run.id);
    if (kept !== undefined && known !== undefined && known.progress > progress) return kept;
    knowledge.runStamps[run.id] = { progress, at: sentAt };
    return run;
  });
  for (const [id, run] of shown) {
    if (listed.has(id)) continue;
    if ((knowledge.runStamps[id]?.at ?? 0) > sentAt) runs.push(run);
    else delete knowledge.runStamps[id];
  }
  keepLatest(knowledge, relayId, runs);
}

/** A relay gone: its runs are no longer shown. */
export function forgetRuns(knowledge: RunsKnowledge, relayId: number): void {
  for (const run of knowledge.runs[relayId] ?? []) delete knowledge.runStamps[run.id];
  delete knowledge.runs[relayId];
}
