import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Zone paths are relative to this file, not to the directory eslint was started from.
const basePath = fileURLToPath(new URL('.', import.meta.url));
// Every folder in src/features/ is a feature; each one gets its own "no other feature" zone.
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Import boundaries (ADR 010): the arrows are lint errors. The resolver follows the
// package.json "imports" aliases (#domain/*, #sync/*, #src/*, ...), so they are checked like relative paths.
const zones = [
  // domain/ is pure: it imports nothing of ours but itself
  { target: './domain', from: ['./src', './server', './worker', './scripts', './tests'], message: 'domain/ must stay pure and I/O-free.' },
  // the SPA never imports the server, except the /api route type from server/app.ts (type-only, checked below; ADR 015)
  { target: './src', from: ['./server'], except: ['./app.ts'], message: 'src/ may not import server/, worker/ or tests/.' },
  { target: './src', from: ['./worker', './tests'], message: 'src/ may not import server/, worker/ or tests/.' },
  // the server never imports the SPA or the worker
  { target: './server', from: ['./src', './worker', './tests'], message: 'server/ may not import src/, worker/ or tests/.' },
  // the sync core knows nothing of React or the app
  { target: './src/sync', from: ['./src/app', './src/features', './src/components', './src/routes'], except: [], message: 'src/sync is the DOM/React-free core.' },
  // the worker uses only the sync core and domain
  { target: './worker', from: ['./src/app', './src/features', './src/components', './server', './tests'], message: 'worker/ may use only src/sync and domain/.' },
  // shared code never imports features or the app
  {
    target: ['./src/components', './src/hooks', './src/lib', './src/utils', './src/config'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, hooks, lib, utils, config) may not import features or the app.',
  },
  // a feature never imports the app (the composition root imports features, not the reverse)
  { target: './src/features', from: ['./src/app'], message: 'Features may not import src/app/; move shared code to src/components, hooks, lib or utils.' },
  // a feature never imports another feature
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: ['./src/features'],
    except: [`./${f}`],
    message: `src/features/${f}/ may not import another feature; move shared code to src/components, hooks, lib or utils.`,
  })),
];

// The SPA reaches the sync core only through its entries (ADR 017): src/sync/index.ts (the core,
// no React) and src/sync/react/ (context and hooks). Its own block, appended to the zones above.
zones.push({
  target: ['./src/features', './src/app', './src/components', './src/hooks', './src/lib', './src/utils', './src/config'],
  from: ['./src/sync'],
  except: ['./index.ts', './react'],
  message: 'Import the sync core through src/sync/index.ts or src/sync/react/ only (ADR 017).',
});
// Server features (ADR 010, "Server"): every folder in server/features/ is a feature whose public
// surface is its index.ts. Everything else in server/ (lib, app.ts, db, auth-provider, other
// features) imports a feature only through that file; server tests may also use a feature's test
// fixtures (*.fixtures.ts, *.test-fixtures.ts, *.test-helpers.ts). server/lib is shared code and
// imports no feature at all.
const serverFeatures = readdirSync(new URL('./server/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverOutsideFeatures = readdirSync(new URL('./server/', import.meta.url))
  .filter((name) => name !== 'features')
  .map((name) => `./server/${name}`);
const testFixturesOf = (f) =>
  readdirSync(new URL(`./server/features/${f}/`, import.meta.url))
    .filter((name) => /\.(fixtures|test-fixtures|test-helpers)\.ts$/.test(name))
    .map((name) => `./${name}`);
const serverZonesWith = (publicFiles) => [
  { target: './server/lib', from: './server/features', message: 'server/lib/ is shared code and may not import server/features/; move the code to lib or into the feature.' },
  ...serverFeatures.map((f) => ({
    target: [...serverOutsideFeatures, ...serverFeatures.filter((g) => g !== f).map((g) => `./server/features/${g}`)],
    from: `./server/features/${f}`,
    except: publicFiles(f),
    message: `Import server/features/${f}/ only through its public surface, server/features/${f}/index.ts.`,
  })),
];
const serverZones = serverZonesWith(() => ['./index.ts']);
const serverTestZones = serverZonesWith((f) => ['./index.ts', ...testFixturesOf(f)]);

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'dev-dist/**', 'node_modules/**', 'migrations/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import-x/resolver': { node: true },
      // no-cycle only follows files with these extensions (the default is .js, .mjs, .cjs only)
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath, zones: [...zones, ...serverZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
    files: [
      'server/**/*.test.ts',
      'server/**/*.fixtures.ts',
      'server/**/*.test-fixtures.ts',
      'server/**/*.test-helpers.ts',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'domain/**/*.test.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath, zones: [...zones.map((z) => ({ ...z, from: z.from.filter((f) => f !== './tests') })), ...serverTestZones] },
      ],
    },
  },
  {
    // One request-body limit (server/lib/body-limit.ts): hono's own reads a body of known length
    // through a web stream and buffers a chunked one whole (ADR 024, ADR 027).
    files: ['server/**/*.ts'],
    ignores: ['server/lib/body-limit.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'hono/body-limit', message: 'Use bodyLimit from server/lib/body-limit.ts.' }] }],
    },
  },
  {
    files: ['server/env.ts', 'tests/setup/test-env.ts', 'scripts/**', '*.config.ts', '.ci/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // ADR 015: the typed API client needs server/app.ts's ApiType, and only as a type.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/app.ts', '#server/app.ts'], allowTypeImports: true, message: 'Import only the ApiType (import type) from server/app.ts.' }] },
      ],
      // ADR 013: the app's own dialogs (src/lib/app-dialogs.ts), never the browser's.
      'no-restricted-globals': ['error', { name: 'alert', message: 'Use appAlert (src/lib/app-dialogs.ts).' }, { name: 'confirm', message: 'Use appConfirm (src/lib/app-dialogs.ts).' }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'alert', message: 'Use appAlert (src/lib/app-dialogs.ts).' },
        { object: 'window', property: 'confirm', message: 'Use appConfirm (src/lib/app-dialogs.ts).' },
        { object: 'window', property: 'prompt', message: 'Use a form in a Dialog.' },
      ],
    },
  },
);
