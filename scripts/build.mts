// `npm run build`: every Nest app and tool of nest-cli.json into dist/, and the web client into
// dist/web. With `--changed` (what `npm start` runs), only the targets whose inputs changed since
// their last build, or whose output is missing or was rewritten by another command.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildTargets, type BuildTarget, type Builder } from './lib/build-targets.ts';
import { buildIncrementally } from './lib/incremental-build.ts';

const root = resolve(import.meta.dirname, '..');

function commandLine(builder: Builder, targets: BuildTarget[]): string[] {
  return builder === 'nest'
    ? [join(root, 'node_modules/@nestjs/cli/bin/nest.js'), 'build', ...targets.map((target) => target.name)]
    : [join(root, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'apps/web/vite.config.mts'];
}

function run(builder: Builder, targets: BuildTarget[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, commandLine(builder, targets), { cwd: root, stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`the ${builder} build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

try {
  await buildIncrementally({
    root,
    env: process.env,
    targets: buildTargets(root),
    all: !process.argv.includes('--changed'),
    run,
    log: (line) => console.log(`[build] ${line}`),
  });
} catch (error) {
  console.error(`[build] ${(error as Error).message}`);
  process.exit(1);
}
