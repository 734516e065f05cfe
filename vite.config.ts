import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

import { bundleBudget } from './scripts/bundle-budget.js';

const apiOrigin = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * What every page loads before it runs, gzipped: 118 kB at the budget's introduction against a
 * goal of 120 kB, with a little room for small shared additions (a launcher, a banner). The build
 * fails above it: a page's own code belongs in its lazily loaded route chunk.
 */
const INITIAL_JS_BUDGET_GZIP_BYTES = 125_000;

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [
    react(),
    bundleBudget(INITIAL_JS_BUDGET_GZIP_BYTES),
    // .br and .gz beside every text file, at the best quality: the server sends them as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1_024, logLevel: 'silent' }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/dev': apiOrigin,
    },
  },
});
