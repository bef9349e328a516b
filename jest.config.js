// Every test of the project in one Jest run: the backend project (unit and integration tests of
// apps/*, libs/*, tools/*, scripts/), the web client's unit tests and its browser tests.
const { jestSettings: backendTransform } = require('./jest.backend-transform');
const guards = require('./jest.guards');

const backend = {
  displayName: 'backend',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: [
    '<rootDir>/apps',
    '<rootDir>/libs',
    '<rootDir>/tools',
    '<rootDir>/bench',
    '<rootDir>/chaos',
    '<rootDir>/scripts',
    '<rootDir>/deploy',
  ],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts'],
  // The web client's own tests run in its project; unit tests of the browser tests' Node helpers run here.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/apps/web/(?!e2e/)'],
  ...backendTransform,
};

module.exports = {
  ...guards,
  projects: [backend, '<rootDir>/apps/web/jest.config.js', '<rootDir>/apps/web/e2e/jest.config.js'],
};
