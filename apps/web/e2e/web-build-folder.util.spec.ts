import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildFolderPrefix, currentRun, makeWebBuildFolder, type WebBuildRun } from './web-build-folder.util';

/** Above Linux's highest possible process id (2^22): no process ever has it. */
const NO_SUCH_PID = 2 ** 22 + 1;

describe("the browser tests' build folders: only those of runs proven gone are removed", () => {
  let buildsDir: string;
  let current: WebBuildRun;

  beforeEach(() => {
    buildsDir = mkdtempSync(join(tmpdir(), 'web-e2e-builds-'));
    current = currentRun();
  });
  afterEach(() => rmSync(buildsDir, { recursive: true, force: true }));

  /** A build folder as the run described would have made it. */
  function buildOf(run: Partial<WebBuildRun>, ageMs = 0): string {
    const path = join(buildsDir, `${buildFolderPrefix({ ...current, ...run })}Ab12Cd`);
    mkdirSync(path);
    if (ageMs > 0) utimesSync(path, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs));
    return path;
  }

  function folder(name: string, ageMs = 0): string {
    const path = join(buildsDir, name);
    mkdirSync(path);
    if (ageMs > 0) utimesSync(path, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs));
    return path;
  }

  const DAY_AND_A_BIT = 25 * 3600 * 1000;

  it('knows this process by its id, start, PID namespace and boot, as /proc shows them', () => {
    expect(current).toEqual({
      pid: process.pid,
      started: expect.stringMatching(/^\d+$/),
      pidNamespace: expect.stringMatching(/^\d+$/),
      boot: expect.stringMatching(/^[0-9a-f]{32}$/),
      procIsOurs: true,
    });
    const made = makeWebBuildFolder(buildsDir);
    expect(basename(made).startsWith(buildFolderPrefix(current))).toBe(true);
    expect(readdirSync(buildsDir)).toEqual([basename(made)]);
  });

  it('removes the build of a run of this PID namespace whose process is gone', () => {
    const gone = buildOf({ pid: NO_SUCH_PID });
    makeWebBuildFolder(buildsDir);
    expect(existsSync(gone)).toBe(false);
  });

  it('removes the build of a run whose process id now belongs to a process started at another time', () => {
    const reused = buildOf({ started: String(Number(current.started) + 1) });
    makeWebBuildFolder(buildsDir);
    expect(existsSync(reused)).toBe(false);
  });

  it('keeps the build of a live run', () => {
    const live = buildOf({});
    makeWebBuildFolder(buildsDir);
    expect(existsSync(live)).toBe(true);
  });

  it('keeps the build of a run in another PID namespace, whose process id means nothing here', () => {
    const elsewhere = buildOf({ pid: NO_SUCH_PID, pidNamespace: String(Number(current.pidNamespace) + 1) });
    makeWebBuildFolder(buildsDir);
    expect(existsSync(elsewhere)).toBe(true);
  });

  it('keeps the build of a run of another boot or of a machine without /proc', () => {
    const otherBoot = buildOf({ pid: NO_SUCH_PID, boot: 'f'.repeat(32) });
    const noProc = buildOf({ pid: NO_SUCH_PID + 1, started: 'none', pidNamespace: 'none', boot: 'none' });
    makeWebBuildFolder(buildsDir);
    expect(existsSync(otherBoot)).toBe(true);
    expect(existsSync(noProc)).toBe(true);
  });

  it('keeps a build named by its process id alone, whose namespace is unknown', () => {
    const unknown = folder(`build-${NO_SUCH_PID}-Xy12Zw`);
    makeWebBuildFolder(buildsDir);
    expect(existsSync(unknown)).toBe(true);
  });

  it('removes a day-old build whoever made it, and leaves what is not a build alone', () => {
    const oldElsewhere = buildOf({ pidNamespace: String(Number(current.pidNamespace) + 1) }, DAY_AND_A_BIT);
    const oldUnknown = folder(`build-${NO_SUCH_PID}-Xy12Zw`, DAY_AND_A_BIT);
    const other = folder('notes', DAY_AND_A_BIT);
    makeWebBuildFolder(buildsDir);
    expect(existsSync(oldElsewhere)).toBe(false);
    expect(existsSync(oldUnknown)).toBe(false);
    expect(existsSync(other)).toBe(true);
  });
});
