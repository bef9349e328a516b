// Fingerprints of a build's inputs and of its output. The inputs are hashed by content, so a checkout
// that only touches times rebuilds nothing; the output by names, sizes and times, which change with
// every build, so an output rewritten by another command (`npm run build:apps`, `nest build`) or
// removed no longer matches what was recorded for it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { BuildTarget } from './build-targets.ts';

/** Never inputs: installed packages (their lockfile stands for them) and build outputs. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git']);

/** Every file under a path (the path itself when it is a file), sorted, absolute. */
function filesUnder(path: string, ignored: Set<string>, skipped: Set<string>): string[] {
  if (ignored.has(path) || !existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  const files: string[] = [];
  for (const name of readdirSync(path).sort()) {
    if (skipped.has(name)) continue;
    files.push(...filesUnder(join(path, name), ignored, skipped));
  }
  return files;
}

/** Content hashes of files, kept for one run: the libraries are inputs of every app. */
export type HashCache = Map<string, string>;

function contentHash(file: string, cache: HashCache): string {
  let hash = cache.get(file);
  if (hash === undefined) {
    hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    cache.set(file, hash);
  }
  return hash;
}

/** What the target would be built from now: each input file's path and content, and its context. */
export function inputFingerprint(
  root: string,
  target: BuildTarget,
  env: NodeJS.ProcessEnv,
  cache: HashCache = new Map(),
): string {
  const hash = createHash('sha256');
  const ignored = new Set(target.ignored.map((path) => join(root, path)));
  for (const input of target.inputs) {
    const path = join(root, input);
    // An input that appears later (a new tsconfig, a first install) must change the fingerprint too.
    if (!existsSync(path)) hash.update(`missing ${input}\n`);
    for (const file of filesUnder(path, ignored, SKIPPED_FOLDERS)) {
      hash.update(`${relative(root, file).split(sep).join('/')}\0${contentHash(file, cache)}\n`);
    }
  }
  for (const [name, value] of Object.entries(target.context(root, env)).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`context ${name}=${value}\n`);
  }
  return hash.digest('hex');
}

/** What the target's output folder holds now; undefined when it is missing or empty (never up to date). */
export function outputFingerprint(root: string, target: BuildTarget): string | undefined {
  const folder = join(root, target.output);
  const files = filesUnder(folder, new Set(), new Set());
  if (files.length === 0) return undefined;
  const hash = createHash('sha256');
  for (const file of files) {
    const stats = statSync(file);
    hash.update(`${relative(folder, file)}\0${stats.size}\0${stats.mtimeMs}\n`);
  }
  return hash.digest('hex');
}
