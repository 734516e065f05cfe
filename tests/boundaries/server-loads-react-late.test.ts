import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

import { SERVER_BUNDLE } from '../../scripts/bundles.mjs';

/*
 * server.ts sets NODE_ENV=production only once its imports have run. A module in that import graph
 * that loads React makes React's development build load first, and the page renderer (production
 * react-dom) then fails on every page: `npm start` served no server-rendered page at all.
 */
const SERVER_ENTRY = fileURLToPath(new URL('../../src/api/server.ts', import.meta.url));
const listLoadedReact = (entry: string) => `
  import { createRequire } from 'node:module';
  await import(${JSON.stringify(entry)});
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /node_modules\\/react(-dom)?\\//u.test(path));
  console.log(JSON.stringify(loaded));
`;

/** The React modules loaded once `entry` has been imported (without starting a server: it starts only as the main module). */
async function reactLoadedBy(entry: string, nodeOptions: readonly string[] = []): Promise<string[]> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...nodeOptions, '--input-type=module', '--eval', listLoadedReact(entry)],
    { env },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
}

describe("the server's imports", () => {
  it('load no React before the server has set NODE_ENV', async () => {
    expect(await reactLoadedBy(SERVER_ENTRY, ['--import', 'tsx'])).toEqual([]);
  }, 60_000);

  // The bundler lifts every module's imports of packages to the bundle's top, lazily loaded modules' too.
  // The bundle is the one the global setup built (tests/global-setup.ts).
  it('load no React in the bundle `npm start` runs either', async () => {
    expect(await reactLoadedBy(SERVER_BUNDLE)).toEqual([]);
  }, 60_000);
});
