// Every test of the project in one Jest configuration: the backend's unit and integration tests
// (apps/*, libs/*, tools/*, scripts/ …), split into the suites that start whole stacks and the rest,
// the web client's unit tests and its browser tests. `npm test` runs them in the lanes of
// jest.lanes.js, side by side; `npx jest` runs them all in one run.
const { jestSettings: backendTransform } = require('./jest.backend-transform');
const guards = require('./jest.guards');
const { STACK_SUITES } = require('./jest.lanes');

const backendRoots = ['apps', 'libs', 'tools', 'bench', 'chaos', 'scripts', 'deploy'].map(
  (root) => `<rootDir>/${root}`,
);
// The web client's own tests run in its project; unit tests of the browser tests' Node helpers run here.
const notBackend = ['/node_modules/', '/dist/', '<rootDir>/apps/web/(?!e2e/)'];

/** What both backend projects share: where the sources are and how they are read. */
const backendSettings = { rootDir: __dirname, testEnvironment: 'node', roots: backendRoots, ...backendTransform };

const backend = {
  ...backendSettings,
  displayName: 'backend',
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts'],
  testPathIgnorePatterns: [...notBackend, ...STACK_SUITES.map((path) => `<rootDir>/${path}`)],
};

// Only the suites that start whole stacks (testRegex, matched against the whole path).
const backendStacks = {
  ...backendSettings,
  displayName: 'backend-stacks',
  testRegex: STACK_SUITES.map((path) => `/${path}`),
  testPathIgnorePatterns: notBackend,
};

module.exports = {
  ...guards,
  projects: [backend, backendStacks, '<rootDir>/apps/web/jest.config.js', '<rootDir>/apps/web/e2e/jest.config.js'],
};
