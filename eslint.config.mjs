// One lint configuration for the whole tree: the backend apps, libraries, tools, bench and scripts run
// on Node; the web client runs in the browser and follows the rules of React hooks.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  {
    ignores: ['**/dist/', '**/node_modules/', '.data/', 'test-results/', 'coverage/', 'bench/results/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore marks an argument or binding kept for its position or shape only.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Of the rules that need types, those about promises: an unhandled or misplaced promise is a crash or a
    // silent failure in a long-running service. The full type-checked set would double the run for rules
    // about `any` that the tests' HTTP bodies and JSON would mostly trip.
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['apps/web/vite.config.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // The raw NATS client stays inside libs/messaging: the apps publish, request, read buckets and declare
    // their handlers through it (docs/messaging.md). Tests, which play other processes, the test
    // library and the benchmark of the raw limits may use the client itself.
    files: ['apps/**/*.ts', 'tools/**/*.ts', 'chaos/**/*.ts', 'libs/**/*.ts'],
    ignores: ['libs/messaging/**', 'libs/testing/**', '**/*.spec.ts', '**/*.int-spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nats-io/*'],
              message: 'Use NatsService and the message handler decorators of @app/messaging (docs/messaging.md).',
            },
            {
              group: ['@app/messaging/*', '!@app/messaging/testing'],
              message: "Import from '@app/messaging': its inner files are not its interface.",
            },
          ],
        },
      ],
    },
  },
  {
    // Services throw DomainError (@app/platform), which the API's exception filter answers: they never
    // speak HTTP. apps/portal-api/src/panels/ is being converted by its own change.
    files: ['**/*.service.ts'],
    ignores: ['apps/portal-api/src/panels/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name=/Exception$/]',
          message: 'A service throws a DomainError of @app/platform, not an HTTP exception.',
        },
        {
          selector: 'ClassDeclaration[superClass.name=/Exception$/]',
          message: "A service's errors extend DomainError of @app/platform, not an HTTP exception.",
        },
      ],
    },
  },
  {
    // Jest configurations, its environments and mocks are CommonJS modules loaded by Jest itself.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Plain-JavaScript Jest setup files and the suites that prove Jest's guards.
    files: ['**/*.setup.js', 'libs/testing/fixtures/**/*.js'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // The web client's service worker: a plain script Vite copies as it is, run with a worker's globals.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx,js}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser, __BUILD_STAMP__: 'readonly' } },
  },
]);
