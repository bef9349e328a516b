// Where the browser tests' build of the web client goes (E2E_WEB_DIST_DIR): a folder per Jest run
// under the project's own dist/web-e2e/, never the system's temporary folder, named with the run's
// process id so that a later run can remove what a run killed before its teardown left behind (a
// run in a PID namespace of its own may share its id with a live process: a day-old build goes too).
// (Not under .data/: Express's sendFile refuses a path with a dot-folder in it, index.html included.)
const { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } = require('node:fs');
const { join, resolve } = require('node:path');

const BUILDS_DIR = resolve(__dirname, '../../../dist/web-e2e');
const STALE_AFTER_MS = 24 * 3600 * 1000;

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes the builds of runs that no longer run, then makes this run's folder. */
function makeWebBuildFolder() {
  mkdirSync(BUILDS_DIR, { recursive: true });
  for (const name of readdirSync(BUILDS_DIR)) {
    const path = join(BUILDS_DIR, name);
    const pid = Number(/^build-(\d+)-/.exec(name)?.[1]);
    const stale = Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS;
    if (pid && (!isRunning(pid) || stale)) rmSync(path, { recursive: true, force: true });
  }
  return mkdtempSync(join(BUILDS_DIR, `build-${process.pid}-`));
}

/** Removes this run's build, once; safe to call again or when no build was made. */
function removeWebBuild() {
  const dir = process.env.E2E_WEB_DIST_DIR;
  if (!dir) return;
  rmSync(dir, { recursive: true, force: true });
  delete process.env.E2E_WEB_DIST_DIR;
}

module.exports = { makeWebBuildFolder, removeWebBuild };
