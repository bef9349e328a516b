// Builds the targets whose inputs changed since their last build, or all of them. Each successful
// build leaves a record in dist/.build-fingerprints: what it was built from and what it wrote. The
// record is removed before a target is built again, so a build that fails (or is interrupted) leaves
// none, and the next run builds that target again.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputFingerprint, outputFingerprint, type HashCache } from './build-fingerprint.ts';
import type { BuildTarget, Builder } from './build-targets.ts';

/** Changes whenever what a record means changes, so that older records count as none. */
const RECORD_FORMAT = 1;
export const RECORD_FOLDER = join('dist', '.build-fingerprints');

interface BuildRecord {
  format: number;
  inputs: string;
  output: string;
}

/** Runs one builder for the given targets; rejects when the build fails. */
export type RunBuild = (builder: Builder, targets: BuildTarget[]) => Promise<void>;

export interface IncrementalBuildOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  targets: BuildTarget[];
  /** Builds every target whatever its record says (`npm run build`). */
  all: boolean;
  run: RunBuild;
  log: (line: string) => void;
}

export function recordPath(root: string, target: BuildTarget): string {
  return join(root, RECORD_FOLDER, `${target.name}.json`);
}

function readRecord(root: string, target: BuildTarget): BuildRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(recordPath(root, target), 'utf8')) as Partial<BuildRecord>;
    return record.format === RECORD_FORMAT && typeof record.inputs === 'string' && typeof record.output === 'string'
      ? (record as BuildRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

function writeRecord(root: string, target: BuildTarget, record: BuildRecord): void {
  const path = recordPath(root, target);
  mkdirSync(join(root, RECORD_FOLDER), { recursive: true });
  writeFileSync(`${path}.tmp`, `${JSON.stringify(record)}\n`);
  renameSync(`${path}.tmp`, path);
}

/** Why the target must be built, or undefined when its output is that of its current inputs. */
function staleReason(root: string, target: BuildTarget, inputs: string): string | undefined {
  const record = readRecord(root, target);
  if (!record) return 'no record of a build';
  if (record.inputs !== inputs) return 'inputs changed';
  if (record.output !== outputFingerprint(root, target)) return 'output missing or rewritten since';
  return undefined;
}

function names(targets: BuildTarget[]): string {
  return targets.map((target) => target.name).join(', ');
}

/** Builds what is needed and returns the names of the targets built. */
export async function buildIncrementally(options: IncrementalBuildOptions): Promise<string[]> {
  const { root, env, targets, all, run, log } = options;
  const cache: HashCache = new Map();
  // Fingerprinted before building: a file saved during the build makes the next run build again.
  const inputs = new Map(targets.map((target) => [target, inputFingerprint(root, target, env, cache)]));
  const stale = targets.flatMap((target) => {
    const reason = all ? 'full build' : staleReason(root, target, inputs.get(target)!);
    return reason ? [{ target, reason }] : [];
  });
  const fresh = targets.filter((target) => !stale.some((entry) => entry.target === target));
  if (stale.length === 0) {
    log(`nothing changed since the last build of ${names(targets)}`);
    return [];
  }
  const reasons = [...new Set(stale.map(({ reason }) => reason))].map(
    (reason) => `${names(stale.filter((entry) => entry.reason === reason).map(({ target }) => target))} (${reason})`,
  );
  log(`building ${reasons.join(', ')}${fresh.length > 0 ? `; up to date: ${names(fresh)}` : ''}`);

  const builders = [...new Set(stale.map(({ target }) => target.builder))];
  for (const builder of builders) {
    const group = stale.filter(({ target }) => target.builder === builder).map(({ target }) => target);
    for (const target of group) rmSync(recordPath(root, target), { force: true });
    await run(builder, group);
    for (const target of group) {
      const output = outputFingerprint(root, target);
      if (output === undefined) throw new Error(`the ${target.name} build wrote nothing to ${target.output}`);
      writeRecord(root, target, { format: RECORD_FORMAT, inputs: inputs.get(target)!, output });
    }
  }
  return stale.map(({ target }) => target.name);
}
