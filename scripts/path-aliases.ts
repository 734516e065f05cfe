import { fileURLToPath } from 'node:url';

/**
 * The import aliases of tsconfig.json's `paths`, for Vite and Vitest, which do not read them (tsc,
 * tsx and esbuild do): `@/lib/paths.js` is src/web/lib/paths.ts, `@domain/…` a module of src/domain.
 */
export const PATH_ALIASES = {
  '@': fileURLToPath(new URL('../src/web', import.meta.url)),
  '@domain': fileURLToPath(new URL('../src/domain', import.meta.url)),
};
