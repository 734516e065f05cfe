import { fileURLToPath } from 'node:url';

/**
 * The repository's root, for the files the server reads beside its code (the built web app, the blog's
 * posts). Resolved from this module's place, two folders down: src/api/ when run from source, and
 * dist/api/ or dist/chunks/ in the server's bundle (scripts/bundles.mjs), where modules share their file's place.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
