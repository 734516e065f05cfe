import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiOrigin = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [
    react(),
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
