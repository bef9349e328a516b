import {
  runPassed,
  SLOWEST_SHOWN,
  testTimings,
  timingsReport,
  type JestJsonResults,
  type LaneRun,
} from './test-timings.ts';

const root = '/repo';

function results(suites: Array<{ path: string; seconds: number; tests: number; status?: string }>): JestJsonResults {
  const failed = suites.filter((suite) => suite.status === 'failed');
  return {
    numTotalTests: suites.reduce((sum, suite) => sum + suite.tests, 0),
    numPassedTests: suites.filter((suite) => suite.status !== 'failed').reduce((sum, suite) => sum + suite.tests, 0),
    numFailedTests: failed.reduce((sum, suite) => sum + suite.tests, 0),
    numPendingTests: 0,
    numTotalTestSuites: suites.length,
    numFailedTestSuites: failed.length,
    numRuntimeErrorTestSuites: 0,
    testResults: suites.map((suite) => ({
      name: `${root}/${suite.path}`,
      startTime: 1_000,
      endTime: 1_000 + suite.seconds * 1000,
      status: suite.status ?? 'passed',
      assertionResults: Array.from({ length: suite.tests }, () => ({})),
    })),
  };
}

function lane(name: string, suites: Parameters<typeof results>[0], exitCode = 0): LaneRun {
  return { name, workers: 1, seconds: 100, exitCode, results: results(suites) };
}

const options = { root, startedAt: new Date('2026-11-28T08:00:00Z'), seconds: 123.45, args: [] };

describe('testTimings', () => {
  it('gathers the suites of every lane, slowest first, and the totals', () => {
    const timings = testTimings(
      [
        lane('servers', [
          { path: 'a.int-spec.ts', seconds: 3, tests: 2 },
          { path: 'b.spec.ts', seconds: 0.25, tests: 5 },
        ]),
        lane('stacks', [{ path: 'chaos/c.int-spec.ts', seconds: 40, tests: 1 }]),
      ],
      options,
    );
    expect(timings.suites.map((suite) => [suite.lane, suite.path, suite.seconds])).toEqual([
      ['stacks', 'chaos/c.int-spec.ts', 40],
      ['servers', 'a.int-spec.ts', 3],
      ['servers', 'b.spec.ts', 0.3],
    ]);
    expect(timings.tests).toEqual({ total: 8, passed: 8, failed: 0, skipped: 0 });
    expect(timings.seconds).toBe(123.5);
    expect(timings.lanes.map((run) => [run.name, run.suites, run.tests, run.wroteResults])).toEqual([
      ['servers', 2, 7, true],
      ['stacks', 1, 1, true],
    ]);
  });

  it(`keeps the ${SLOWEST_SHOWN} slowest apart`, () => {
    const suites = Array.from({ length: 20 }, (_, index) => ({ path: `s${index}.spec.ts`, seconds: index, tests: 1 }));
    const timings = testTimings([lane('servers', suites)], options);
    expect(timings.slowest).toHaveLength(SLOWEST_SHOWN);
    expect(timings.slowest[0]).toMatchObject({ path: 's19.spec.ts', seconds: 19 });
    expect(timings.suites).toHaveLength(20);
  });
});

describe('runPassed', () => {
  it('needs every lane to end well with its results written and nothing failed', () => {
    const good = lane('servers', [{ path: 'a.spec.ts', seconds: 1, tests: 1 }]);
    const passed = (lanes: LaneRun[]) => runPassed(testTimings(lanes, options));
    expect(passed([good])).toBe(true);
    expect(passed([good, { ...good, exitCode: 1 }])).toBe(false);
    expect(passed([good, { ...good, results: undefined }])).toBe(false);
    expect(passed([good, lane('stacks', [{ path: 'b.spec.ts', seconds: 1, tests: 1, status: 'failed' }])])).toBe(false);
  });
});

describe('timingsReport', () => {
  it('names the lanes, the time against the budget, the slowest suites, the failures, and ends with the totals', () => {
    const lanes = [
      lane('servers', [{ path: 'a.spec.ts', seconds: 2, tests: 3 }]),
      lane('stacks', [{ path: 'b.int-spec.ts', seconds: 9, tests: 1, status: 'failed' }], 1),
      { name: 'browser', workers: 1, seconds: 5, exitCode: 1, results: undefined },
    ];
    const lines = timingsReport(testTimings(lanes, options), '/repo/.data/test-timings/x.json');
    expect(lines).toContain('lane stacks (1 worker): 100 s, 1 suites, 1 tests, 1 failed (exit code 1)');
    expect(lines).toContain('lane browser (1 worker): 5 s, ended without results (exit code 1)');
    expect(lines).toContain('npm test took 123.5 s (budget 480 s on a quiet machine)');
    expect(lines).toContain('     9.0 s  stacks   b.int-spec.ts');
    expect(lines).toContain('  stacks: b.int-spec.ts');
    expect(lines[lines.length - 1]).toBe('Tests: 3 passed, 1 failed');
  });

  it("repeats the start of each failed test's error under its suite, without colours or stack frames", () => {
    const failing = lane('browser', [{ path: 'c.e2e-spec.ts', seconds: 3, tests: 2, status: 'failed' }], 1);
    failing.results!.testResults[0].assertionResults = [
      { fullName: 'phone screens signs in', status: 'passed', failureMessages: [] },
      {
        fullName: 'phone screens shows a toast',
        status: 'failed',
        failureMessages: [
          '\u001b[31mTimeoutError: locator.waitFor: Timeout 20000ms exceeded.\u001b[39m\n\n    at Object.<anonymous> (c.e2e-spec.ts:9:9)',
        ],
      },
    ];
    const broken = lane('stacks', [{ path: 'd.int-spec.ts', seconds: 1, tests: 0, status: 'failed' }], 1);
    broken.results!.testResults[0].message = 'Cannot find module ./gone\n    at resolve (x.js:1:1)';
    const lines = timingsReport(testTimings([failing, broken], options), '/repo/.data/test-timings/x.json');
    const failures = lines.slice(lines.indexOf('Failed suites (their whole output is above, under their lane):'));
    expect(failures).toEqual([
      'Failed suites (their whole output is above, under their lane):',
      '  browser: c.e2e-spec.ts',
      '      ● phone screens shows a toast',
      '      TimeoutError: locator.waitFor: Timeout 20000ms exceeded.',
      '  stacks: d.int-spec.ts',
      '      Cannot find module ./gone',
      '',
      'Tests: 0 passed, 2 failed',
    ]);
  });

  it('says when the whole suite ran over its budget, and not for a chosen part of it', () => {
    const lanes = [lane('servers', [{ path: 'a.spec.ts', seconds: 2, tests: 1 }])];
    const over = timingsReport(testTimings(lanes, { ...options, seconds: 500 }), 'f');
    expect(over.find((line) => line.startsWith('npm test took'))).toMatch(/over the budget of 480 s/);
    const part = timingsReport(testTimings(lanes, { ...options, seconds: 500, args: ['apps/mailer'] }), 'f');
    expect(part.find((line) => line.startsWith('npm test took'))).toBe('npm test took 500 s');
  });
});
