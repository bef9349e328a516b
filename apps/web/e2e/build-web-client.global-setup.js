// Builds the web client once per run into a folder of its own that portal-api then serves
// (WEB_DIST_DIR), so the browser tests always drive the sources as they are now. The folder is
// removed by the global teardown, or as Jest exits or is stopped by a signal before it.
const { execFileSync } = require('node:child_process');
const { join, resolve } = require('node:path');
const { makeWebBuildFolder, removeWebBuild } = require('./web-build-folder.util');

module.exports = async function buildWebClient() {
  const repoRoot = resolve(__dirname, '../../..');
  const outDir = makeWebBuildFolder();
  process.env.E2E_WEB_DIST_DIR = outDir;
  process.once('exit', removeWebBuild);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      removeWebBuild();
      // Then ended by the signal as it would have been.
      process.kill(process.pid, signal);
    });
  }
  execFileSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      'apps/web/vite.config.mts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, BUILD_STAMP: 'e2e' } },
  );
};
