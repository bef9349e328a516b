// Browser tests of the web client: the built client served by a real portal-api (real PostgreSQL,
// NATS and Redis, a real gateway, simulated panels) driven in the system Chromium. The backend
// harnesses use decorators, so sources go through the same swc settings as the backend project.
const { jestSettings: backendTransform } = require('../../../jest.backend-transform');

module.exports = {
  displayName: 'web-e2e',
  rootDir: '../../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/apps/web/e2e'],
  testMatch: ['**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/apps/web/e2e/build-web-client.global-setup.js',
  globalTeardown: '<rootDir>/apps/web/e2e/remove-web-build.global-teardown.js',
  setupFilesAfterEnv: ['<rootDir>/apps/web/e2e/browser-test-timeout.setup.js'],
  ...backendTransform,
};
