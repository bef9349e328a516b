// What `npm run build` builds, and what each build reads: every application of nest-cli.json (the
// four apps and the tools) and the web client. A build is redone when anything it reads changes,
// so the lists err on the side of too much: a needless rebuild costs seconds, a missed one runs old code.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Builder = 'nest' | 'vite';

export interface BuildTarget {
  name: string;
  builder: Builder;
  /** Files and folders, relative to the repository, whose content the build reads. */
  inputs: string[];
  /** Folders under the inputs that the build never reads. */
  ignored: string[];
  /** The folder the build writes, relative to the repository. */
  output: string;
  /** What else the build depends on (environment, checkout), by name. */
  context: (root: string, env: NodeJS.ProcessEnv) => Record<string, string>;
}

/** The dependency tree as installed, and as declared. */
const DEPENDENCIES = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json'];

interface NestProject {
  type?: string;
  root?: string;
}

/**
 * The apps whose code a tool compiles besides its own folder and the libraries: the replay after a
 * database restore stores as portal-api does and asks the relay-worker's and the mailer's channels.
 */
const APPS_A_TOOL_READS: Readonly<Record<string, readonly string[]>> = {
  'restore-replay': ['apps/portal-api', 'apps/relay-worker', 'apps/mailer'],
};

/** Nest apps and tools: each compiles its own folder and, by its tsconfig's include, every library. */
function nestTargets(root: string): BuildTarget[] {
  const config = JSON.parse(readFileSync(join(root, 'nest-cli.json'), 'utf8')) as {
    projects: Record<string, NestProject>;
  };
  return Object.entries(config.projects)
    .filter(([, project]) => project.type === 'application' && project.root)
    .map(([name, project]) => ({
      name,
      builder: 'nest',
      inputs: [
        project.root!,
        ...(APPS_A_TOOL_READS[name] ?? []),
        'libs',
        'tsconfig.json',
        'nest-cli.json',
        ...DEPENDENCIES,
      ],
      ignored: [],
      // Each app's tsconfig.app.json puts its output in dist/ under the same path as its folder.
      output: join('dist', project.root!),
      context: () => ({}),
    }));
}

function gitHead(root: string): string {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : 'none';
}

/**
 * The web client: its folder (not the browser tests beside it), the one library it imports, the root
 * tsconfig that applies to that library's files, and what vite.config.mts and Vite read from the
 * environment: the build stamp (named after the checked-out commit) and the VITE_* variables.
 */
function webTarget(): BuildTarget {
  return {
    name: 'web',
    builder: 'vite',
    inputs: ['apps/web', 'libs/contracts', 'tsconfig.json', ...DEPENDENCIES],
    ignored: ['apps/web/e2e'],
    output: 'dist/web',
    context: (root, env) => ({
      gitHead: gitHead(root),
      BUILD_STAMP: env.BUILD_STAMP ?? '',
      NODE_ENV: env.NODE_ENV ?? '',
      ...Object.fromEntries(
        Object.entries(env)
          .filter(([name]) => name.startsWith('VITE_'))
          .map(([name, value]) => [name, value ?? '']),
      ),
    }),
  };
}

/** Every target, in the order `npm run build` builds them. */
export function buildTargets(root: string): BuildTarget[] {
  return [...nestTargets(root), webTarget()];
}
