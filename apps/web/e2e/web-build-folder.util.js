// Where the browser tests' build of the web client goes (E2E_WEB_DIST_DIR): a folder per Jest run
// under the project's own dist/web-e2e/, never the system's temporary folder, named with the run's
// process id so that a later run can remove what a run killed before its teardown left behind.
// (Not under .data/: Express's sendFile refuses a path with a dot-folder in it, index.html included.)
const { mkdirSync, mkdtempSync, readdirSync, rmSync } = require('node:fs');
const { join, resolve } = require('node:path');

const BUILDS_DIR = resolve(__dirname, '../../../dist/web-e2e');

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
    const pid = Number(/^build-(\d+)-/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(join(BUILDS_DIR, name), { recursive: true, force: true });
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
