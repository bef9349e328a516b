import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildTargets, type BuildTarget, type Builder } from './build-targets.ts';
import { buildIncrementally, recordPath, type RunBuild } from './incremental-build.ts';

const repository = resolve(__dirname, '../..');
const NEST_APPS = [
  'portal-api',
  'panel-gateway',
  'relay-worker',
  'mailer',
  'relay-simulator',
  'panel-simulator',
  'panel-provisioning',
  'restore-replay',
];

describe('the build npm start runs: only the targets whose inputs changed', () => {
  let root: string;
  let builds: number;

  /** A checkout with the real nest-cli.json and a source file or two where each target reads. */
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'incremental-build-'));
    builds = 0;
    copyFileSync(join(repository, 'nest-cli.json'), join(root, 'nest-cli.json'));
    const files: Record<string, string> = {
      'package.json': '{}',
      'package-lock.json': '{}',
      'tsconfig.json': '{}',
      'libs/platform/src/index.ts': 'export const platform = 1;',
      'libs/contracts/src/index.ts': 'export const contract = 1;',
      'apps/web/index.html': '<div id="root"></div>',
      'apps/web/src/main.tsx': 'export const web = 1;',
      'apps/web/e2e/journey.e2e-spec.ts': 'test.todo("journey");',
    };
    for (const target of buildTargets(root).filter((candidate) => candidate.builder === 'nest')) {
      files[`${target.inputs[0]}/src/main.ts`] = `export const name = '${target.name}';`;
    }
    for (const [path, content] of Object.entries(files)) write(path, content);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function write(path: string, content: string): void {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }

  /** Stands in for nest and vite: empties each target's output folder, then writes it anew. */
  const fakeRun: RunBuild = async (_builder: Builder, targets: BuildTarget[]) => {
    for (const target of targets) {
      rmSync(join(root, target.output), { recursive: true, force: true });
      write(join(target.output, 'main.js'), `// build ${++builds}`);
    }
  };

  async function build(
    options: { all?: boolean; run?: RunBuild; env?: NodeJS.ProcessEnv } = {},
  ): Promise<{ built: string[]; runs: Builder[] }> {
    const runs: Builder[] = [];
    const run = options.run ?? fakeRun;
    const built = await buildIncrementally({
      root,
      env: options.env ?? {},
      targets: buildTargets(root),
      all: options.all ?? false,
      run: async (builder, targets) => {
        runs.push(builder);
        await run(builder, targets);
      },
      log: () => undefined,
    });
    return { built, runs };
  }

  it('builds every target the first time, then nothing while nothing changed', async () => {
    expect((await build()).built).toEqual([...NEST_APPS, 'web']);
    expect(await build()).toEqual({ built: [], runs: [] });
  });

  it('builds the changed targets with one run of each builder', async () => {
    await build();
    write('apps/relay-worker/src/relay.ts', 'export const relay = 2;');
    write('apps/web/src/main.tsx', 'export const web = 2;');
    // The replay after a database restore compiles the relay-worker's alarm channel too.
    expect(await build()).toEqual({ built: ['relay-worker', 'restore-replay', 'web'], runs: ['nest', 'vite'] });
  });

  it('builds a tool again when the code of an app it compiles changes', async () => {
    await build();
    write('apps/panel-gateway/src/gateway.ts', 'export const gateway = 2;');
    expect((await build()).built).toEqual(['panel-gateway']);
    write('apps/mailer/templates/alarm.txt', 'Fire at {{site}}');
    expect((await build()).built).toEqual(['mailer', 'restore-replay']);
  });

  it('builds every Nest app and tool again when a library file changes, not the web client', async () => {
    await build();
    write('libs/platform/src/index.ts', 'export const platform = 2;');
    expect((await build()).built).toEqual(NEST_APPS);
  });

  it('builds the web client too when the contracts it imports change', async () => {
    await build();
    write('libs/contracts/src/index.ts', 'export const contract = 2;');
    expect((await build()).built).toEqual([...NEST_APPS, 'web']);
  });

  it('builds only the web client when one of its files changes, not for its browser tests', async () => {
    await build();
    write('apps/web/src/main.tsx', 'export const web = 2;');
    expect(await build()).toEqual({ built: ['web'], runs: ['vite'] });
    write('apps/web/e2e/journey.e2e-spec.ts', 'test.todo("another journey");');
    expect((await build()).built).toEqual([]);
  });

  it('builds the web client again for another build stamp or mode, which it embeds', async () => {
    await build();
    expect((await build({ env: { BUILD_STAMP: 'release-7' } })).built).toEqual(['web']);
    expect((await build({ env: { BUILD_STAMP: 'release-7', NODE_ENV: 'development' } })).built).toEqual(['web']);
  });

  it('builds everything when the installed dependencies change', async () => {
    await build();
    write('node_modules/.package-lock.json', '{"packages":{}}');
    expect((await build()).built).toEqual([...NEST_APPS, 'web']);
  });

  it('rebuilds nothing for a file whose times changed but not its content', async () => {
    await build();
    utimesSync(join(root, 'libs/platform/src/index.ts'), new Date(), new Date(Date.now() + 60_000));
    expect((await build()).built).toEqual([]);
  });

  it('builds a target whose output is missing or was rewritten by another command', async () => {
    await build();
    rmSync(join(root, 'dist/apps/relay-worker'), { recursive: true });
    write('dist/web/main.js', '// built by vite build directly');
    expect((await build()).built).toEqual(['relay-worker', 'web']);
  });

  it('builds everything when asked for all (npm run build)', async () => {
    await build();
    expect((await build({ all: true })).built).toEqual([...NEST_APPS, 'web']);
  });

  it('leaves no record of a failed build, so the next run builds those targets again', async () => {
    await build();
    const original = readFileSync(join(root, 'libs/platform/src/index.ts'), 'utf8');
    write('libs/platform/src/index.ts', 'export const platform: number = "not a number";');
    const failing: RunBuild = async (builder, targets) => {
      // As nest does: the output folders emptied, then the compiler fails half-way.
      for (const target of targets) rmSync(join(root, target.output), { recursive: true, force: true });
      write(join(targets[0].output, 'half.js'), '');
      throw new Error(`the ${builder} build failed (exit code 1)`);
    };
    await expect(build({ run: failing })).rejects.toThrow('the nest build failed');
    for (const target of buildTargets(root)) {
      expect(existsSync(recordPath(root, target))).toBe(target.builder === 'vite');
    }
    // Back to the sources of the last good build: its outputs are gone all the same.
    write('libs/platform/src/index.ts', original);
    expect((await build()).built).toEqual(NEST_APPS);
  });

  it("puts each Nest target's output where its tsconfig.app.json compiles to", () => {
    for (const target of buildTargets(repository).filter((candidate) => candidate.builder === 'nest')) {
      const tsconfig = JSON.parse(readFileSync(join(repository, target.inputs[0], 'tsconfig.app.json'), 'utf8')) as {
        compilerOptions: { outDir: string };
      };
      expect(join(target.inputs[0], tsconfig.compilerOptions.outDir)).toBe(target.output);
    }
  });
});
