// Where the time of an `npm test` went: each lane's Jest results (its --json output) gathered into
// one record of the whole run, its suites by time, and the lines printed at its end. Node's modules
// only and no syntax Node cannot strip: scripts/test.mts runs it as it is.
import { relative } from 'node:path';

/** The suite's budget on a quiet two-core machine (docs/development.md, "The suite's budget"). */
export const TEST_BUDGET_S = 480;
/** How many of the slowest suites are printed and recorded. */
export const SLOWEST_SHOWN = 15;

/** The part of Jest's --json output read here. */
export interface JestJsonResults {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  numTotalTestSuites: number;
  numFailedTestSuites: number;
  numRuntimeErrorTestSuites: number;
  testResults: Array<{
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName?: string; status?: string; failureMessages?: string[] }>;
  }>;
}

/** A lane of jest.lanes.js: Jest projects run together in one Jest run with its own workers. */
export interface TestLane {
  name: string;
  projects: string[];
  workers: number;
}

/** One lane's run as scripts/test.mts saw it: its Jest results, or none when Jest wrote none (it died). */
export interface LaneRun {
  name: string;
  workers: number;
  seconds: number;
  exitCode: number;
  results: JestJsonResults | undefined;
}

export interface SuiteTiming {
  /** From the repository's root. */
  path: string;
  lane: string;
  seconds: number;
  tests: number;
  passed: boolean;
  /** Of a failed suite: each failed test's name and the start of its error (the suite's error when no test ran). */
  failures?: string[];
}

/** The record of one run, written to .data/test-timings/. */
export interface TestTimings {
  startedAt: string;
  seconds: number;
  budgetSeconds: number;
  /** Jest arguments given to every lane (none for the whole suite). */
  args: string[];
  lanes: Array<Omit<LaneRun, 'results'> & { suites: number; tests: number; failed: number; wroteResults: boolean }>;
  tests: { total: number; passed: number; failed: number; skipped: number };
  slowest: SuiteTiming[];
  suites: SuiteTiming[];
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** How much of a failure the report repeats at its end, where a CI log's tail shows it. */
export const FAILURE_LINES_SHOWN = 12;
const FAILURES_SHOWN_PER_SUITE = 3;

// Jest colours its messages; the report is read as plain text.
// eslint-disable-next-line no-control-regex
const ANSI_ESCAPE = /\u001b\[[0-9;]*m/g;

/** The first lines of an error that say what failed (blank lines and Jest's stack frames left out). */
function failureSummary(message: string): string[] {
  return message
    .replace(ANSI_ESCAPE, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
    .slice(0, FAILURE_LINES_SHOWN);
}

function failuresOf(suite: JestJsonResults['testResults'][number]): string[] {
  const failed = suite.assertionResults.filter((test) => test.status === 'failed');
  if (failed.length === 0) return suite.message ? failureSummary(suite.message) : [];
  return failed
    .slice(0, FAILURES_SHOWN_PER_SUITE)
    .flatMap((test) => [`● ${test.fullName ?? 'a test'}`, ...failureSummary(test.failureMessages?.[0] ?? '')]);
}

/** Every suite of every lane with its time, slowest first. */
export function suiteTimings(lanes: LaneRun[], root: string): SuiteTiming[] {
  return lanes
    .flatMap((lane) =>
      (lane.results?.testResults ?? []).map((suite) => ({
        path: relative(root, suite.name),
        lane: lane.name,
        seconds: round(Math.max(0, suite.endTime - suite.startTime) / 1000),
        tests: suite.assertionResults.length,
        passed: suite.status === 'passed',
        ...(suite.status === 'passed' ? {} : { failures: failuresOf(suite) }),
      })),
    )
    .sort((a, b) => b.seconds - a.seconds || a.path.localeCompare(b.path));
}

export function testTimings(
  lanes: LaneRun[],
  options: { root: string; startedAt: Date; seconds: number; args: string[] },
): TestTimings {
  const suites = suiteTimings(lanes, options.root);
  const sum = (count: (results: JestJsonResults) => number) =>
    lanes.reduce((total, lane) => total + (lane.results ? count(lane.results) : 0), 0);
  return {
    startedAt: options.startedAt.toISOString(),
    seconds: round(options.seconds),
    budgetSeconds: TEST_BUDGET_S,
    args: options.args,
    lanes: lanes.map(({ results, ...lane }) => ({
      ...lane,
      seconds: round(lane.seconds),
      suites: results?.numTotalTestSuites ?? 0,
      tests: results?.numTotalTests ?? 0,
      failed: results?.numFailedTests ?? 0,
      wroteResults: results !== undefined,
    })),
    tests: {
      total: sum((results) => results.numTotalTests),
      passed: sum((results) => results.numPassedTests),
      failed: sum((results) => results.numFailedTests),
      skipped: sum((results) => results.numPendingTests + (results.numTodoTests ?? 0)),
    },
    slowest: suites.slice(0, SLOWEST_SHOWN),
    suites,
  };
}

/** Whether every lane ended well with its results written, and every suite in them passed. */
export function runPassed(timings: TestTimings): boolean {
  return (
    timings.lanes.every((lane) => lane.exitCode === 0 && lane.wroteResults) &&
    timings.suites.every((suite) => suite.passed) &&
    timings.tests.failed === 0
  );
}

/** The lines printed at the end of a run: lanes, time against the budget, slowest suites, failures, totals. */
export function timingsReport(timings: TestTimings, file: string): string[] {
  const lines: string[] = [''];
  for (const lane of timings.lanes) {
    const outcome = !lane.wroteResults
      ? `ended without results (exit code ${lane.exitCode})`
      : `${lane.suites} suites, ${lane.tests} tests, ${lane.failed} failed (exit code ${lane.exitCode})`;
    lines.push(
      `lane ${lane.name} (${lane.workers} worker${lane.workers === 1 ? '' : 's'}): ${lane.seconds} s, ${outcome}`,
    );
  }
  const whole = timings.args.length === 0;
  const budget = !whole
    ? ''
    : timings.seconds <= timings.budgetSeconds
      ? ` (budget ${timings.budgetSeconds} s on a quiet machine)`
      : ` — over the budget of ${timings.budgetSeconds} s on a quiet machine: docs/development.md, "The suite's budget"`;
  lines.push(`npm test took ${timings.seconds} s${budget}`);
  lines.push(`The ${Math.min(SLOWEST_SHOWN, timings.suites.length)} slowest suites:`);
  for (const suite of timings.slowest)
    lines.push(`  ${suite.seconds.toFixed(1).padStart(6)} s  ${suite.lane.padEnd(8)} ${suite.path}`);
  lines.push(`Timings of every suite: ${file}`);
  const failed = timings.suites.filter((suite) => !suite.passed);
  if (failed.length > 0) {
    lines.push('', 'Failed suites (their whole output is above, under their lane):');
    for (const suite of failed) {
      lines.push(`  ${suite.lane}: ${suite.path}`);
      for (const line of suite.failures ?? []) lines.push(`      ${line}`);
    }
  }
  const { passed, failed: failedTests, skipped } = timings.tests;
  lines.push('', `Tests: ${passed} passed, ${failedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  return lines;
}
