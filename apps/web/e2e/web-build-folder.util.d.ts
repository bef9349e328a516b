// Types of web-build-folder.util.js (plain CommonJS, as Jest's global setup loads it) for its tests.

/** Who makes a build: the process, its start (clock ticks since boot), its PID namespace, the boot. */
export interface WebBuildRun {
  pid: number;
  started: string;
  pidNamespace: string;
  boot: string;
  /** Whether /proc shows the processes of this run's PID namespace. */
  procIsOurs: boolean;
}

export function makeWebBuildFolder(buildsDir?: string): string;
export function removeWebBuild(): void;
export function currentRun(): WebBuildRun;
export function buildFolderPrefix(run: WebBuildRun): string;
