// One lint configuration for the whole tree: the backend apps, libraries, tools, bench and scripts run
// on Node; the web client runs in the browser and follows the rules of React hooks.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  {
    ignores: [
      '**/dist/',
      '**/node_modules/',
      '.data/',
      'test-results/',
      'coverage/',
      'bench/results/',
      // Deliberately broken suites that Jest's own guards are tested against.
      'libs/testing/fixtures/',
    ],
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
    // Jest configurations, its environments and mocks are CommonJS modules loaded by Jest itself.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx,js}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser, __BUILD_STAMP__: 'readonly' } },
  },
]);
