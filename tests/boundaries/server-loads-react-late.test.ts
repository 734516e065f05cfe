import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * server.ts sets NODE_ENV=production only once its imports have run. A module in that import graph
 * that loads React makes React's development build load first, and the page renderer (production
 * react-dom) then fails on every page: `npm start` served no server-rendered page at all.
 */
const SERVER_ENTRY = fileURLToPath(new URL('../../src/api/server.ts', import.meta.url));
const LIST_LOADED_REACT = `
  import { createRequire } from 'node:module';
  await import(${JSON.stringify(SERVER_ENTRY)});
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /node_modules\\/react(-dom)?\\//u.test(path));
  console.log(JSON.stringify(loaded));
`;

describe("the server's imports", () => {
  it('load no React before the server has set NODE_ENV', async () => {
    const env = { ...process.env };
    delete env.NODE_ENV;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', LIST_LOADED_REACT], { env });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([]);
  }, 60_000);
});
