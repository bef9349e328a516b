// What keeps a Jest run from hanging, shared by the project's run and by the check that proves it
// (libs/testing/src/jest-guards.spec.ts). A test or hook that never settles fails at testTimeout (a
// project may raise it with jest.setTimeout in a setup file: Jest reads testTimeout from the root
// configuration only); handles a suite leaves open no longer keep Jest alive once the results are
// printed (forceExit; detectOpenHandles, a diagnosis that slows every suite, stays off); and a suite
// that runs past its own limit anyway (a test given a huge timeout of its own) stops the run, named.
const { join } = require('node:path');

module.exports = {
  testTimeout: 30_000,
  forceExit: true,
  detectOpenHandles: false,
  reporters: ['default', join(__dirname, 'jest.suite-watchdog.reporter.js')],
};
