// Where the browser tests' build of the web client goes (E2E_WEB_DIST_DIR): a folder per Jest run
// under the project's own dist/web-e2e/, never the system's temporary folder, named after the run's
// process so that a later run can remove what a run killed before its teardown left behind. A process
// id means something only in its own PID namespace (CI runs the tests in one of their own) and in its
// own boot of the machine, so the name holds both, and the process's start time against a reused id.
// A build is removed only when its run is proven gone, or when it is a day old whoever made it.
const { mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync } = require('node:fs');
const { join, resolve } = require('node:path');

const BUILDS_DIR = resolve(__dirname, '../../../dist/web-e2e');
const STALE_AFTER_MS = 24 * 3600 * 1000;
/** Unknown where there is no /proc (macOS): such names match only each other. */
const UNKNOWN = 'none';
const FOLDER_NAME = /^build-(\d+)-(\d+|none)-(\d+|none)-([0-9a-f]{32}|none)-/;

function readOr(read) {
  try {
    return read();
  } catch {
    return UNKNOWN;
  }
}

/** A process's start, in clock ticks since boot (the 22nd field of /proc/<pid>/stat). */
function startTicks(pid) {
  return readOr(() => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis start at the 3rd.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return /^\d+$/.test(ticks) ? ticks : UNKNOWN;
  });
}

/** The process id, start, PID namespace and boot of this process. */
function currentRun() {
  // /proc/<pid> names processes of the namespace /proc was mounted for, which need not be this one's.
  const procIsOurs = readOr(() => readFileSync('/proc/self/stat', 'utf8').split(' ')[0]) === String(process.pid);
  return {
    pid: process.pid,
    started: procIsOurs ? startTicks('self') : UNKNOWN,
    pidNamespace: readOr(() => /^pid:\[(\d+)\]$/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? UNKNOWN),
    boot: readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().replaceAll('-', '')),
    procIsOurs,
  };
}

function buildFolderPrefix(run) {
  return `build-${run.pid}-${run.started}-${run.pidNamespace}-${run.boot}-`;
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Whether the run that made a build folder has ended, for certain: it ran in this boot and this PID
 * namespace, and no process has its id now, or the one that has it started at another time.
 */
function provenGone(name, current) {
  const [, pid, started, pidNamespace, boot] = FOLDER_NAME.exec(name) ?? [];
  if (!pid || boot !== current.boot || pidNamespace !== current.pidNamespace) return false;
  if (boot === UNKNOWN || pidNamespace === UNKNOWN) return false;
  if (!isRunning(Number(pid))) return true;
  if (started === UNKNOWN || !current.procIsOurs) return false;
  const startedNow = startTicks(pid);
  return startedNow !== UNKNOWN && startedNow !== started;
}

/** Removes the builds of runs proven gone and the day-old ones, then makes this run's folder. */
function makeWebBuildFolder(buildsDir = BUILDS_DIR) {
  mkdirSync(buildsDir, { recursive: true });
  const current = currentRun();
  for (const name of readdirSync(buildsDir)) {
    if (!name.startsWith('build-')) continue;
    const path = join(buildsDir, name);
    const stale = Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS;
    if (stale || provenGone(name, current)) rmSync(path, { recursive: true, force: true });
  }
  return mkdtempSync(join(buildsDir, buildFolderPrefix(current)));
}

/** Removes this run's build, once; safe to call again or when no build was made. */
function removeWebBuild() {
  const dir = process.env.E2E_WEB_DIST_DIR;
  if (!dir) return;
  rmSync(dir, { recursive: true, force: true });
  delete process.env.E2E_WEB_DIST_DIR;
}

module.exports = { makeWebBuildFolder, removeWebBuild, currentRun, buildFolderPrefix };
