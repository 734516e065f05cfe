import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

import { bundleBudget } from './scripts/bundle-budget.js';
import { deferredAppStart } from './scripts/deferred-app-start.js';
import { PATH_ALIASES } from './scripts/path-aliases.js';
import { reactRouterProductionBuild } from './scripts/react-router-production.js';
import { stylesheetsFirst } from './scripts/stylesheet-first.js';

const apiOrigin = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * What every page loads before it runs, gzipped: the page-speed goal (issue 19), 118.7 kB when it
 * became the limit. The build fails above it: a page's own code belongs in its lazily loaded route
 * chunk, and code a page rarely runs (tours, modals) in a chunk of its own.
 */
const INITIAL_JS_BUDGET_GZIP_BYTES = 120_000;

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  resolve: { alias: PATH_ALIASES },
  plugins: [
    react(),
    reactRouterProductionBuild(),
    bundleBudget(INITIAL_JS_BUDGET_GZIP_BYTES),
    stylesheetsFirst(),
    deferredAppStart(fileURLToPath(new URL('./src/web/boot.ts', import.meta.url))),
    // .br and .gz beside every text file, at the best quality: the server sends them as they are.
    {
      ...compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1_024, logLevel: 'silent' }),
      applyToEnvironment: (environment) => environment.name === 'client',
    },
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // One stylesheet in the head: a server-rendered page is styled before any script runs (and without scripts).
    cssCodeSplit: false,
    // .vite/manifest.json: the server reads which chunks a route needs and preloads them with its page (src/api/route-preloads.ts).
    manifest: true,
    // Every browser we serve knows <link rel="modulepreload"> (Chrome 66, Firefox 115, Safari 17); an
    // older one still loads every chunk, only later. The polyfill cost every page 0.5 kB gzip of script.
    modulePreload: { polyfill: false },
  },
  environments: {
    // The server's page renderer (src/web/entry-server.tsx), loaded by src/api/server.ts.
    ssr: {
      build: {
        outDir: '../../dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: fileURLToPath(new URL('./src/web/entry-server.tsx', import.meta.url)) },
      },
    },
  },
  // `vite build` builds both: the browser's app, then the server's renderer.
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
    },
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/dev': apiOrigin,
    },
  },
});
