// A Jest reporter that stops the run when one test file runs longer than its limit, naming the
// file: the last guard against a suite that hangs where testTimeout does not reach. The limit is
// JEST_SUITE_LIMIT_S seconds (default 300; a whole run of every suite takes a few minutes).
const { relative } = require('node:path');

const DEFAULT_LIMIT_S = 300;

function suiteLimitMs(env) {
  const raw = env.JEST_SUITE_LIMIT_S;
  if (raw === undefined || raw === '') return DEFAULT_LIMIT_S * 1000;
  if (!/^[1-9]\d*$/.test(raw)) throw new Error(`JEST_SUITE_LIMIT_S must be a whole number of seconds, got '${raw}'`);
  return Number(raw) * 1000;
}

class SuiteWatchdogReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.limitMs = suiteLimitMs(process.env);
    /** Test file path → its timer. */
    this.running = new Map();
  }

  onTestFileStart(test) {
    const timer = setTimeout(() => this.expired(test.path), this.limitMs);
    // Never the reason Jest stays alive.
    timer.unref();
    this.running.set(test.path, timer);
  }

  onTestFileResult(test) {
    clearTimeout(this.running.get(test.path));
    this.running.delete(test.path);
  }

  onRunComplete() {
    for (const timer of this.running.values()) clearTimeout(timer);
    this.running.clear();
  }

  expired(path) {
    const name = relative(this.rootDir, path);
    process.stderr.write(
      `\nTest suite ${name} ran past its limit of ${this.limitMs / 1000} s (JEST_SUITE_LIMIT_S): stopping the run.\n`,
    );
    process.exit(1);
  }
}

module.exports = SuiteWatchdogReporter;
module.exports.suiteLimitMs = suiteLimitMs;
