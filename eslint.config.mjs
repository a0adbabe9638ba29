import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'data/**', 'web/dist/**', 'coverage/**', 'tests/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Db.system is unscoped (the owner's rights, no row-level security): feature code reads and
    // writes through db.scoped(ctx, …) / db.scopedQuery(ctx, …). System work lives in the files below.
    files: ['libs/**/*.ts', 'services/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
      '**/test/**',
      '**/demo/**',
      '**/migrations/**',
      'libs/db/**',
      'libs/bus/src/outbox.ts',
      'libs/mail/**',
      'services/auth/**', // accounts, sessions, API keys and tiles: the platform's own tables, no depositor data
      'services/tracking/src/webhooks/webhooks.service.ts', // carrier secrets
      'services/tracking/src/profiles/profiles.service.ts', // a user's own search profiles, checked by owner
      'services/alerts/src/alerts/match-count.ts', // the matching count: indexes unusable under row-level security, scope applied explicitly (ScopedWhere.of)
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='system']",
          message: 'Db.system is unscoped (no row-level security): use db.scoped(ctx, …) or db.scopedQuery(ctx, …).',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Browser tests and benchmarks run functions inside the page (page.evaluate).
    files: ['tests/e2e/**/*.mjs', 'tests/bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.test.ts',
      'tests/**/*.{js,mjs,ts}',
      'infra/**/*.mjs',
      '**/*.config.{js,mjs,ts}',
      '{libs,services}/*/index.cjs',
    ],
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
