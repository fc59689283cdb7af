import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (style brief §6): the arrows are lint errors.
const zones = [
  // domain/ is pure: it imports nothing of ours but itself
  { target: './domain', from: ['./src', './server', './worker', './tests'], message: 'domain/ must stay pure and I/O-free.' },
  // the SPA never imports the server (types only via `import type`, allowed below)
  { target: './src', from: ['./server', './worker', './tests'], message: 'src/ may not import server/, worker/ or tests/.' },
  // the server never imports the SPA or the worker
  { target: './server', from: ['./src', './worker', './tests'], message: 'server/ may not import src/, worker/ or tests/.' },
  // the sync core knows nothing of React or the app
  { target: './src/sync', from: ['./src/app', './src/features', './src/components', './src/routes'], except: [], message: 'src/sync is the DOM/React-free core.' },
  // the worker uses only the sync core and domain
  { target: './worker', from: ['./src/app', './src/features', './src/components', './server', './tests'], message: 'worker/ may use only src/sync and domain/.' },
  // shared UI never imports features
  { target: './src/components', from: ['./src/features', './src/app'], message: 'Shared components may not import features or the app.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dev-dist/**', 'node_modules/**', 'migrations/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/resolver': { node: true } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in server/env.ts (or tests/setup/test-env.ts).' },
      ],
    },
  },
  {
    // Server tests and fixtures use the shared test setup in tests/.
    files: ['server/**/*.test.ts', 'server/**/*.fixtures.ts', 'server/**/*.test-helpers.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'domain/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: zones.map((z) => ({ ...z, from: z.from.filter((f) => f !== './tests') })) },
      ],
    },
  },
  {
    files: ['server/env.ts', 'tests/setup/test-env.ts', 'scripts/**', '*.config.ts', '.ci/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
