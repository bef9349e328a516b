import { join } from 'node:path';
import type { ChaosOptions } from '../chaos-options.util';
import type { ChaosResult } from '../chaos-report.util';
import { runChaos } from '../chaos-run';

const REGISTER = join(__dirname, 'source-apps.register.js');

/** A chaos run of the tests, with what it and the apps printed as evidence. */
export interface ChaosTestRun {
  result: ChaosResult;
  /** The run's own lines (faults, API errors) and the apps' last ones. */
  evidence(): string[];
}

/**
 * Runs chaos with the apps started from their sources, keeping the run's lines and the apps'. A run
 * that cannot go on (an app that stops while starting) fails with those lines in its message: the
 * apps' own words are the only evidence of why, and they are gone once the run is.
 */
export async function runChaosFromSources(options: ChaosOptions): Promise<ChaosTestRun> {
  const runLog: string[] = [];
  const appLog: string[] = [];
  const evidence = (appLines: number) => [...runLog, '…', ...appLog.slice(-appLines)];
  try {
    const result = await runChaos(
      options,
      (line) => runLog.push(`${new Date().toISOString()} ${line}`),
      (line) => appLog.push(`${new Date().toISOString()} ${line.slice(0, 300)}`),
      (name) => ['--require', REGISTER, join('apps', name, 'src', 'main.ts')],
    );
    return { result, evidence: () => evidence(20) };
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\nthe run's lines and the apps' last ones:\n${evidence(60).join('\n')}`,
      {
        cause: error,
      },
    );
  }
}
