import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { startApiHarness, type ApiHarness } from '../../tests/fixtures/api-harness.js';
import { makeMember } from '../../tests/fixtures/members.js';
import { jsonForScriptElement } from './page-meta.js';
import { PUBLIC_CACHE_HEADER } from './read-cache.js';
import { BUILD_RECHECK_MS, COMPRESSION_THRESHOLD_BYTES } from './web-serving.js';

const SIZE = { users: 3, templates: 6, seed: 19 };
const HASHED_SCRIPT = 'assets/index-Ab12Cd34.js';
/** What a rebuild on the running server names instead: a changed app gets a new hashed name. */
const REBUILT_SCRIPT = 'assets/index-Ef56Gh78.js';
const SCRIPT_TEXT = `console.log(${JSON.stringify('tessera '.repeat(400))});\n`;
/** PUBLIC_URL: https, while the tests' requests come over plain http with Host headers of their choosing. */
const PUBLIC_URL = 'https://tessera.example';

/** The built index.html, naming the app's script. */
function indexHtmlNaming(script: string): string {
  return `<!doctype html><html><head><meta name="description" content="Default" /><title>Tessera</title><script type="module" src="/${script}"></script></head><body><div id="root"></div></body></html>`;
}

interface PublicTemplate {
  titleUrl: string;
  title: string;
  price: number;
  author: { username: string };
}

describe('serving like production: compression, caching, crawler files, structured data', () => {
  let harness: ApiHarness;
  let webRoot: string;
  let templates: PublicTemplate[];

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'tessera-web-'));
    await mkdir(join(webRoot, 'assets'));
    await writeFile(join(webRoot, 'index.html'), indexHtmlNaming(HASHED_SCRIPT));
    // What the build writes: the file and its precompressed forms beside it.
    await writeFile(join(webRoot, HASHED_SCRIPT), SCRIPT_TEXT);
    await writeFile(join(webRoot, `${HASHED_SCRIPT}.br`), brotliCompressSync(SCRIPT_TEXT));
    await writeFile(join(webRoot, `${HASHED_SCRIPT}.gz`), gzipSync(SCRIPT_TEXT));
    await writeFile(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    harness = await startApiHarness(SIZE, { app: { webRoot, publicUrl: PUBLIC_URL } });
    templates = (await harness.call<{ data: PublicTemplate[] }>('GET', '/api/resources/search?query=&limit=50')).body.data;
    expect(templates.length).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url, headers: { host: 'tessera.example', ...headers } });

  it('sends the precompressed file the browser accepts, brotli first, and hashed assets are kept a year', async () => {
    const brotli = await get(`/${HASHED_SCRIPT}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The security headers go with files too: a script served without nosniff could be taken for another type.
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT_TEXT);

    const gzip = await get(`/${HASHED_SCRIPT}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT_TEXT);

    const plain = await get(`/${HASHED_SCRIPT}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT_TEXT);
  });

  it('files that keep their name are revalidated with an ETag, which answers 304 when unchanged', async () => {
    const favicon = await get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('no-cache');
    const etag = favicon.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/favicon.svg', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
  });

  it('compresses dynamic answers above the threshold, and gives them an ETag', async () => {
    const search = await get('/api/resources/search?query=&limit=50', { 'accept-encoding': 'br' });
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(search.rawPayload);
    expect(body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(JSON.parse(body.toString())).toHaveProperty('data');
    const etag = String(search.headers.etag);
    expect((await get('/api/resources/search?query=&limit=50', { 'if-none-match': etag })).statusCode).toBe(304);

    // An answer below the threshold goes as it is (the health answer grew past it as adapters were added).
    const small = await get('/api/no-such-route', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(404);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('robots.txt is text that keeps crawlers off the API and signed-in pages and names the sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Sitemap: https://tessera.example/sitemap.xml');
  });

  it('the sitemap lists every public template, topic, app and author profile, and follows publications', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/gu)].map((match) => match[1]!);
    expect(locations).toContain('https://tessera.example/');
    expect(locations).toContain('https://tessera.example/sellers');
    expect(locations).toContain('https://tessera.example/help/payments');
    expect(locations).toContain('https://tessera.example/topics/marketing');
    expect(locations).toContain('https://tessera.example/apps/google%20sheets');
    for (const template of templates) {
      expect(locations).toContain(`https://tessera.example/resources/${template.titleUrl}`);
      expect(locations).toContain(`https://tessera.example/users/${template.author.username}`);
    }
    const templateEntries = locations.filter((location) => location.includes('/resources/'));
    expect(templateEntries).toHaveLength(templates.length);
  });

  it("a template's page carries its canonical address and a Product/CreativeWork with its price and ratings", async () => {
    const template = templates[0]!;
    const page = await get(`/resources/${template.titleUrl}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="https://tessera.example/resources/${template.titleUrl}" />`);
    const block = /<script type="application\/ld\+json">([^<]*)<\/script>/u.exec(page.body);
    expect(block).not.toBeNull();
    const data = JSON.parse(block![1]!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['Product', 'CreativeWork'],
      name: template.title,
      offers: { '@type': 'Offer', price: template.price.toFixed(2), priceCurrency: 'USD' },
      author: { '@type': 'Person', name: template.author.username },
    });
  });

  it("counts a liked template's likes as LikeActions and claims no star rating nobody gave", async () => {
    const member = await makeMember(harness, { prefix: 'fan' });
    const template = templates[1]!;
    const { _id } = (await harness.call<{ data: { _id: string } }>('GET', `/api/resources/${template.titleUrl}`)).body.data;
    expect((await harness.call('POST', `/api/resources/like/${_id}`, { token: member.token })).status).toBe(200);
    await harness.catchUp();
    const block = /<script type="application\/ld\+json">([^<]*)<\/script>/u.exec((await get(`/resources/${template.titleUrl}`)).body);
    const data = JSON.parse(block![1]!) as Record<string, unknown>;
    expect(data.interactionStatistic).toMatchObject({
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/LikeAction',
      userInteractionCount: expect.any(Number),
    });
    expect((data.interactionStatistic as { userInteractionCount: number }).userInteractionCount).toBeGreaterThan(0);
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('writes the public URL into pages, robots.txt and the sitemap, whatever Host header the request came with', async () => {
    // A cache or CDN that ignores Host would keep what a forged header got and serve it to everyone.
    const fromElsewhere = { host: 'evil.example' };
    const pageUrl = `/resources/${templates[0]!.titleUrl}`;
    for (const url of [pageUrl, '/robots.txt', '/sitemap.xml']) {
      const answer = await get(url, fromElsewhere);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('evil.example');
      expect(answer.body).toContain(`${PUBLIC_URL}/`);
    }
    // The page kept in the server's cache is the same whatever the Host: one entry, not one per header.
    expect((await get(pageUrl, { host: 'another.example' })).headers[PUBLIC_CACHE_HEADER]).toBe('hit');
  });

  it("after a rebuild on the running server, pages name the new build's script and that script is served", async () => {
    const page = { accept: 'text/html' };
    expect((await get('/', page)).body).toContain(HASHED_SCRIPT);
    // Kept in the page cache now: the rebuild must not leave it served.
    expect((await get('/', page)).headers[PUBLIC_CACHE_HEADER]).toBe('hit');

    const rebuiltText = 'console.log("rebuilt");\n';
    await writeFile(join(webRoot, REBUILT_SCRIPT), rebuiltText);
    await writeFile(join(webRoot, 'index.html'), indexHtmlNaming(REBUILT_SCRIPT));

    // A request checks for a new build every BUILD_RECHECK_MS at most.
    const after = await vi.waitFor(
      async () => {
        const answer = await get('/', page);
        expect(answer.body).toContain(REBUILT_SCRIPT);
        return answer;
      },
      { timeout: 4 * BUILD_RECHECK_MS, interval: BUILD_RECHECK_MS / 10 },
    );
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(REBUILT_SCRIPT);
    expect(after.body).not.toContain(HASHED_SCRIPT);
    const script = await get(`/${REBUILT_SCRIPT}`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(rebuiltText);
  });

  it('structured data cannot close its element or hide markup, whatever the text says', () => {
    const text = jsonForScriptElement({ name: '</script><script>alert(1)</script><!--', also: 'a & b\u2028' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!--', also: 'a & b\u2028' });
  });
});
