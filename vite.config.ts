import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bankSummary } from './scripts/vite-bank-summary.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { SERVER_PREFIXES } from './domain/server-prefixes.ts';

const API_TARGET = 'http://127.0.0.1:3000';
// The API and the embedded auth provider, proxied to the server in `vite` and `vite preview`.
const serverProxy = Object.fromEntries(SERVER_PREFIXES.map((prefix) => [prefix.slice(0, -1), { target: API_TARGET, changeOrigin: false }]));

// `vite build` started from a test runner inherits NODE_ENV=test, and React would then ship its
// development build (+60 KB gzip on the first route). A build is always a production build.
const isBuild = process.argv.includes('build');
if (isBuild) process.env.NODE_ENV = 'production';

// react-router's package exports only its development build (dev warnings, ~10 KB gzip more);
// production builds alias the published production build instead.
const routerProd = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const productionAliases = isBuild
  ? [
      { find: /^react-router$/, replacement: routerProd('index.mjs') },
      { find: /^react-router\/dom$/, replacement: routerProd('dom-export.mjs') },
    ]
  : [];

export default defineConfig({
  // MVRSP_BUILD_VARIANT, read only here at build time, picks a test-only variant of the app and its
  // service worker (src/lib/build-variant.ts); unset, the build is the app as written.
  define: { __MVRSP_BUILD_VARIANT__: JSON.stringify(process.env.MVRSP_BUILD_VARIANT ?? '') },
  plugins: [
    react(),
    tailwindcss(),
    bankSummary(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // We ship public/manifest.webmanifest and link it from index.html.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  resolve: { alias: productionAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: { proxy: serverProxy },
  preview: { proxy: serverProxy },
});
