// The lanes of `npm test` (jest.lanes.js) leave no suite out and put every suite that starts a
// whole stack in the lane that runs them one at a time.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestLane } from './test-timings.ts';

const root = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LANES, STACK_SUITES } = require(join(root, 'jest.lanes.js')) as { LANES: TestLane[]; STACK_SUITES: string[] };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(join(root, 'jest.config.js')) as { projects: Array<string | { displayName: string }> };

/** The displayName of each project of jest.config.js (a path names a project's own config file). */
function projectNames(): string[] {
  return config.projects.map((project) => {
    if (typeof project !== 'string') return project.displayName;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(project.replace('<rootDir>', root)) as { displayName: string }).displayName;
  });
}

function integrationSuites(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.int-spec.ts') && !path.includes('node_modules'))
    .map((path) => relative(root, join(root, folder, path)));
}

describe('the lanes of npm test', () => {
  it('run every Jest project, each in one lane', () => {
    const inLanes = LANES.flatMap((lane) => lane.projects);
    expect([...inLanes].sort()).toEqual(projectNames().sort());
  });

  it('give each lane at least one worker', () => {
    for (const lane of LANES)
      expect({ lane: lane.name, atLeastOne: lane.workers >= 1 }).toEqual({
        lane: lane.name,
        atLeastOne: true,
      });
  });

  it('run every suite that starts a NATS cluster or the chaos run in the stacks lane, and name no suite that is gone', () => {
    const suites = ['apps', 'libs', 'tools', 'bench', 'chaos', 'scripts'].flatMap(integrationSuites);
    const isStack = (path: string) => STACK_SUITES.some((pattern) => new RegExp(`^${pattern}`).test(path));
    const startsStack = suites.filter((path) =>
      /\b(NatsCluster\.start|runChaosFromSources)\(/.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(startsStack.filter((path) => !isStack(path))).toEqual([]);
    expect(STACK_SUITES.filter((pattern) => !suites.some((path) => new RegExp(`^${pattern}`).test(path)))).toEqual([]);
  });
});
