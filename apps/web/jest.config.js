// Jest project of the web client: jsdom, TSX through swc with React's automatic runtime.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2023',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/test/jsdom-with-fetch.environment.js',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts?(x)'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@app/contracts$': '<rootDir>/../../libs/contracts/src',
    '^@app/contracts/(.*)$': '<rootDir>/../../libs/contracts/src/$1',
    '\\.css$': '<rootDir>/test/style.mock.js',
  },
  // Vite replaces __BUILD_STAMP__ at build time; tests see a fixed value.
  globals: { __BUILD_STAMP__: 'test-build' },
};
