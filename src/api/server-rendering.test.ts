import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startApiHarness, type ApiHarness } from '../../tests/fixtures/api-harness.js';
import { makeMember, type Member } from '../../tests/fixtures/members.js';
import { publishTemplate } from '../../tests/fixtures/templates.js';
import { TAG_ROW_SIZE } from '../domain/discovery/constants.js';
import { HYDRATION_DATA_ELEMENT_ID, type HydrationPayload } from '../web/app/hydration.js';
import { ROUTE_CHUNKS_ELEMENT_ID } from '../web/app/page-scripts.js';
import { createPageRenderer } from '../web/entry-server.js';
import { PLATFORM_FEE_META_NAME } from '../web/lib/platform-fee-meta.js';
import { SESSION_COOKIE } from './auth/sessions.js';
import { PUBLIC_CACHE_HEADER } from './read-cache.js';

const SIZE = { users: 3, templates: 6, seed: 23 };
/** PUBLIC_URL: the origin of every link a page carries, whatever Host header its request came with. */
const PUBLIC_URL = 'https://tessera.example';
const NO_PAGE_COOKIES = { cookieConsent: null, dismissedBanners: null, testUserSwitch: null };
const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="Default" /><title>Tessera</title><link rel="stylesheet" href="/assets/style.css"><script type="module" src="/assets/boot.js"></script><script type="application/json" id="app-scripts">{"app":"/assets/app.js","imports":["/assets/runtime.js"]}</script></head><body><div id="root"></div></body></html>';
const BUILD_MANIFEST = {
  'index.html': { file: 'assets/app.js', isEntry: true, imports: ['_runtime.js'] },
  'boot.ts': { file: 'assets/boot.js', isEntry: true },
  '_runtime.js': { file: 'assets/runtime.js' },
  'app/routes/resource-detail.tsx': { file: 'assets/resource-detail.js', imports: ['_runtime.js', 'index.html', '_card.js'] },
  '_card.js': { file: 'assets/card.js' },
};
/** Markup that would run if a page put it out as it is. */
const XSS_TITLE = '<script>alert("pwned")</script><img src=x onerror=alert(1)>';

function hydrationPayload(html: string): HydrationPayload {
  const match = new RegExp(`<script type="application/json" id="${HYDRATION_DATA_ELEMENT_ID}">([^<]*)</script>`, 'u').exec(html);
  if (!match) throw new Error('The page has no hydration data');
  return JSON.parse(match[1]!) as HydrationPayload;
}

async function text(stream: Readable): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += String(chunk);
  return html;
}

describe('server rendering of the public pages', () => {
  let harness: ApiHarness;
  let webRoot: string;
  let liker: Member;
  let other: Member;
  let author: Member;
  let titleUrl: string;
  let templateId: string;
  let xssTitleUrl: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'tessera-web-'));
    await writeFile(join(webRoot, 'index.html'), TEMPLATE);
    // What the build's manifest says of the entry and a template page's route module.
    await mkdir(join(webRoot, '.vite'));
    await writeFile(join(webRoot, '.vite/manifest.json'), JSON.stringify(BUILD_MANIFEST));
    harness = await startApiHarness(SIZE, { app: { webRoot, createPageRenderer, publicUrl: PUBLIC_URL } });
    [liker, other, author] = [
      await makeMember(harness, { prefix: 'liker' }),
      await makeMember(harness, { prefix: 'other' }),
      await makeMember(harness, { prefix: 'author' }),
    ];
    templateId = await publishTemplate(harness, author.userId, { title: 'Leak Check Planner' });
    const xssId = await publishTemplate(harness, author.userId, { title: XSS_TITLE });
    const detail = await harness.call<{ data: { titleUrl: string } }>('GET', `/api/resources/viewById/${templateId}`);
    titleUrl = detail.body.data.titleUrl;
    xssTitleUrl = (await harness.call<{ data: { titleUrl: string } }>('GET', `/api/resources/viewById/${xssId}`)).body.data.titleUrl;
    expect((await harness.call('POST', `/api/resources/like/${templateId}`, { token: liker.token })).status).toBe(200);
    expect((await harness.call('POST', `/api/resources/save/${templateId}`, { token: liker.token })).status).toBe(200);
    await harness.catchUp();
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const page = (url: string, viewer?: Member) =>
    harness.app.inject({
      method: 'GET',
      url,
      headers: { host: 'tessera.example' },
      cookies: viewer ? { [SESSION_COOKIE]: viewer.token } : {},
    });

  it("renders a template's page the same for every viewer: one viewer's likes and saves never reach another", async () => {
    // The API itself answers each viewer with their own actions: what a leak would carry.
    const likersAnswer = await harness.call<{ data: { prevActions: { has_liked: boolean; has_saved: boolean } } }>(
      'GET',
      `/api/resources/${titleUrl}`,
      { token: liker.token },
    );
    expect(likersAnswer.body.data.prevActions).toMatchObject({ has_liked: true, has_saved: true });

    const [forLiker, forOther, forNobody] = await Promise.all([
      page(`/resources/${titleUrl}`, liker),
      page(`/resources/${titleUrl}`, other),
      page(`/resources/${titleUrl}`),
    ]);
    for (const rendered of [forLiker, forOther, forNobody]) {
      expect(rendered.statusCode).toBe(200);
      expect(rendered.body).toContain('Leak Check Planner');
    }
    expect(forLiker.body).toBe(forOther.body);
    expect(forLiker.body).toBe(forNobody.body);
    expect(forLiker.body).not.toContain(liker.username);
    expect(forLiker.body).not.toContain('"has_liked":true');
    expect(forLiker.body).not.toContain('"has_saved":true');
    // Rendered pages are revalidated, never kept by a shared cache.
    expect(forLiker.headers['cache-control']).toBe('no-cache');
  });

  it('gives every public page its own title and description, with Open Graph and Twitter tags and an absolute card picture', async () => {
    const pictureId = await publishTemplate(harness, other.userId, {
      title: 'Pictured Planner',
      description: 'A planner with a picture.',
      imageUrls: ['/uploads/pictured.png'],
    });
    const withPicture = (
      await harness.call<{ data: { titleUrl: string; images: { imageUrl: string }[] } }>('GET', `/api/resources/viewById/${pictureId}`)
    ).body.data;
    await harness.catchUp();
    const urls = [
      '/',
      '/search',
      '/search?q=planner',
      '/topics',
      '/topics/marketing',
      '/apps',
      '/apps/notion',
      `/users/${author.username}`,
      `/resources/${titleUrl}`,
      `/resources/${withPicture.titleUrl}`,
      '/sellers',
      '/blogs',
      '/terms-of-service',
      '/login',
      '/signup',
      '/generate',
    ];
    const heads = new Map<string, string>();
    for (const url of urls) {
      const rendered = await page(url);
      expect(rendered.statusCode, url).toBe(200);
      heads.set(url, rendered.body.split('</head>')[0]!);
    }
    const only = (head: string, pattern: RegExp, url: string) => {
      const found = [...head.matchAll(new RegExp(pattern, 'gu'))].map((match) => match[1]!);
      expect(found, `${url}: ${pattern.source}`).toHaveLength(1);
      return found[0]!;
    };
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [url, head] of heads) {
      titles.add(only(head, /<title>([^<]*)<\/title>/u, url));
      descriptions.add(only(head, /<meta name="description" content="([^"]*)"/u, url));
      for (const tag of ['og:title', 'og:description', 'og:url', 'og:type', 'og:site_name']) {
        expect(only(head, new RegExp(`<meta property="${tag}" content="([^"]+)"`, 'u'), url)).not.toBe('');
      }
      for (const tag of ['twitter:card', 'twitter:title', 'twitter:description']) {
        expect(only(head, new RegExp(`<meta name="${tag}" content="([^"]+)"`, 'u'), url)).not.toBe('');
      }
      expect(only(head, /<meta property="og:image" content="([^"]+)"/u, url), url).toMatch(/^https:\/\/tessera\.example\//u);
    }
    expect(titles.size).toBe(urls.length);
    expect(descriptions.size).toBe(urls.length);
    // A post's card is its first picture; one without pictures shows the card drawn for it.
    const pictureOf = (url: string, tag = 'property="og:image"') =>
      new RegExp(`<meta ${tag} content="([^"]+)"`, 'u').exec(heads.get(url)!)![1];
    expect(pictureOf(`/resources/${withPicture.titleUrl}`)).toBe(new URL(withPicture.images[0]!.imageUrl, PUBLIC_URL).toString());
    expect(pictureOf(`/resources/${titleUrl}`)).toBe(`${PUBLIC_URL}/resources/${titleUrl}/card.png`);
    expect(pictureOf(`/resources/${titleUrl}`, 'name="twitter:image"')).toBe(`${PUBLIC_URL}/resources/${titleUrl}/card.png`);
  });

  it('renders the sign-in, sign-up and generator forms on the server, for browsers without JavaScript', async () => {
    const login = (await page('/login')).body;
    expect(login).toContain('name="login"');
    expect(login).toContain('name="password"');
    expect(login).toMatch(/<button[^>]*type="submit"[^>]*>Sign In<\/button>/u);
    const signup = (await page('/signup')).body;
    for (const field of ['type="email"', 'name="username"', 'name="password"']) expect(signup).toContain(field);
    const generate = (await page('/generate')).body;
    expect(generate).toContain('<form');
    expect(generate).toContain('Purpose');
  });

  it('keeps a rendered page for every visitor, and renders it afresh once a read model it shows moves', async () => {
    const url = `/resources/${titleUrl}`;
    const likes = async () =>
      (await harness.call<{ data: { ratings: { positive: number } } }>('GET', `/api/resources/${titleUrl}`)).body.data.ratings.positive;
    const first = await page(url);
    const kept = await page(url, other);
    expect(kept.headers[PUBLIC_CACHE_HEADER]).toBe('hit');
    expect(kept.body).toBe(first.body);
    expect(first.body).toContain(`"positive":${await likes()}`);

    expect((await harness.call('POST', `/api/resources/like/${templateId}`, { token: author.token })).status).toBe(200);
    const afresh = await page(url);
    expect(afresh.headers[PUBLIC_CACHE_HEADER]).toBe('miss');
    expect(afresh.body).toContain(`"positive":${await likes()}`);
    expect((await harness.call('POST', `/api/resources/like/${templateId}`, { token: author.token })).status).toBe(200);

    // Visitors arriving while a page renders wait for that render instead of rendering it again (an address not asked for yet).
    const home = () => harness.app.inject({ method: 'GET', url: '/?visitors=together', headers: { host: 'tessera.example' } });
    const together = await Promise.all([home(), home(), home()]);
    expect(together.map((answer) => answer.headers[PUBLIC_CACHE_HEADER]).sort()).toEqual(['hit', 'hit', 'miss']);
    expect(new Set(together.map((answer) => answer.body)).size).toBe(1);
  });

  it('renders the page with its data for hydration, as JSON the CSP allows, without inline scripts', async () => {
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"><div class="app-shell"');
    const payload = hydrationPayload(home.body);
    expect(Object.keys(payload.loaderData)).toContain('shell');
    expect(payload.deferred.filter((deferred) => deferred.routeId === 'shell')).toEqual([
      { routeId: 'shell', path: ['topRated'], outcome: 'value' },
    ]);
    // The home page's keyword tiles are drawn with it (they were skeletons until the browser fetched them).
    const keywords = (await harness.call<{ term: string }[]>('GET', '/api/keywords?type=topic')).body.map((keyword) => keyword.term);
    expect(keywords.length).toBeGreaterThan(0);
    const tiles = [...home.body.matchAll(/<a class="tag-tile" href="\/search\/tag\/([^"]+)"/gu)].map((match) =>
      decodeURIComponent(match[1]!),
    );
    expect(tiles.length).toBe(Math.min(keywords.length, TAG_ROW_SIZE));
    for (const tile of tiles) expect(keywords).toContain(tile);
    expect(home.body).not.toContain('tag-tile--skeleton');
    // React's streaming renderer sends no boundary for later, so no inline script completes one.
    expect(home.body).not.toMatch(/<script>/u);
    expect(home.body).not.toContain('<!--$?-->');
    // The page's own title replaces the template's, in the head; the canonical address is there too.
    expect(home.body.match(/<title>/gu)).toHaveLength(1);
    expect(home.body).toMatch(/<head>.*<link rel="canonical" href="https:\/\/tessera\.example\/" \/>.*<\/head>/su);
  });

  it('sends the rendered page compressed to a browser that accepts brotli or gzip, the same page as plain', async () => {
    // A template's page: the same for every request (the home page draws its keyword tiles at random).
    const url = `/resources/${titleUrl}`;
    const plain = await page(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = async (path: string, acceptEncoding: string) =>
      harness.app.inject({ method: 'GET', url: path, headers: { host: 'tessera.example', 'accept-encoding': acceptEncoding } });
    const brotli = await compressed(url, 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await compressed(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // A not-found page keeps its status when compressed.
    const missing = await compressed('/resources/no-such-post', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('<div id="root">');
  });

  it("renders a template's related lists with the page and hands their values to the browser", async () => {
    const rendered = await page(`/resources/${titleUrl}`);
    // The author's other post, drawn by the server in More By The Author.
    expect(rendered.body).toContain('More By The Author');
    expect(rendered.body).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    const payload = hydrationPayload(rendered.body);
    const related = payload.deferred.filter((deferred) => deferred.path[0] === 'related');
    expect(related.map(({ path, outcome }) => ({ path, outcome }))).toEqual([
      { path: ['related', 'author'], outcome: 'value' },
      { path: ['related', 'related'], outcome: 'value' },
    ]);
    // The lists themselves, not what JSON makes of a promise (`{}`).
    const routeData = payload.loaderData[related[0]!.routeId] as { related: { author: Array<{ title: string }>; related: unknown } };
    expect(routeData.related.author.map((card) => card.title)).toEqual([XSS_TITLE]);
    expect(Array.isArray(routeData.related.related)).toBe(true);
  });

  it("fetches nothing in its head but its stylesheet and boot script, and names the route's own chunks for after the paint", async () => {
    const rendered = (await page(`/resources/${titleUrl}`)).body;
    const head = rendered.split('</head>')[0]!;
    const fetchedByTheHead = [
      ...head.matchAll(/<script\b[^>]*\bsrc=[^>]*>|<link\b[^>]*\brel="(?:stylesheet|modulepreload|preload)"[^>]*>/gu),
    ].map(([tag]) => tag);
    expect(fetchedByTheHead).toEqual(['<link rel="stylesheet" href="/assets/style.css">', '<script type="module" src="/assets/boot.js">']);
    // The app and its imports are named by the build (index.html); the page adds its route's chunks.
    const named = new RegExp(`<script type="application/json" id="${ROUTE_CHUNKS_ELEMENT_ID}">([^<]*)</script>`, 'u').exec(rendered);
    expect(JSON.parse(named![1]!)).toEqual(['/assets/resource-detail.js', '/assets/card.js']);
    expect((await page('/search/query/planner')).body).toContain(
      `<script type="application/json" id="${ROUTE_CHUNKS_ELEMENT_ID}">[]</script>`,
    );
  });

  it('shows the cookie bar in the page to a visitor who has not chosen, and not to one who has', async () => {
    const consentBar = 'aria-label="Cookie consent"';
    expect((await page('/')).body).toContain(consentBar);
    const chosen = await harness.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'tessera.example' },
      cookies: { cookieConsent: 'essentials' },
    });
    expect(chosen.body).not.toContain(consentBar);
  });

  it('leaves out the banners a visitor has dismissed, with the 72 px offset, and keys its cached copies by them alone', async () => {
    const sellingBanner = 'Template stores are now live';
    const aiBanner = 'Discover our new AI Template Generator!';
    const withBanners = await page('/');
    expect(withBanners.body).toContain(sellingBanner);
    expect(withBanners.body).toContain(aiBanner);
    expect(withBanners.body).toContain('padding-top:72px');

    const request = (dismissedBanners: string) =>
      harness.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: 'tessera.example' },
        cookies: { cookieConsent: 'all', dismissedBanners },
      });
    const sellingDismissed = await request('selling');
    expect(sellingDismissed.body).not.toContain(sellingBanner);
    expect(sellingDismissed.body).toContain(aiBanner);
    expect(sellingDismissed.body).toContain('padding-top:0');
    const bothDismissed = await request('ai,selling');
    expect(bothDismissed.body).not.toContain(sellingBanner);
    expect(bothDismissed.body).not.toContain(aiBanner);
    // Unknown names and another order are the same choice: the same page, not another cached copy.
    const sameChoice = await request('selling,<script>,ai');
    expect(sameChoice.body).toBe(bothDismissed.body);
  });

  it('draws the place of the test-user switch for a browser whose account is shown it, and no other value makes another copy', async () => {
    const switchPlace = 'class="navbar__switch-place"';
    const request = (testUserSwitch: string) =>
      harness.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: 'tessera.example' },
        cookies: { cookieConsent: 'all', testUserSwitch },
      });
    const expected = await request('1');
    expect(expected.body).toContain(switchPlace);
    const other = await request('<b>');
    expect(other.body).not.toContain(switchPlace);
    expect(other.body).toBe((await request('')).body);
  });

  it('escapes what members wrote, in the markup and in the hydration data', async () => {
    for (const url of [`/resources/${xssTitleUrl}`, '/search/query/script', `/users/${author.username}`]) {
      const rendered = await page(url);
      expect(rendered.statusCode, url).toBe(200);
      expect(rendered.body, url).not.toContain('<script>alert');
      expect(rendered.body, url).not.toContain('<img src=x onerror');
      const hydration = hydrationPayload(rendered.body);
      // The data keeps the text as it was written (React escapes it when it draws it).
      expect(JSON.stringify(hydration), url).toContain(JSON.stringify(XSS_TITLE).slice(1, -1));
    }
    expect((await page(`/resources/${xssTitleUrl}`)).body).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
  });

  it('answers 404 for the not-found page, an unknown address, a missing post and a missing member', async () => {
    expect((await page('/404')).statusCode).toBe(404);
    const unknown = await page('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    // Drawn by the app in the browser, which moves to the not-found page.
    expect(unknown.body).toContain('<div id="root"></div>');
    const missingPost = await page('/resources/no-such-post-000000000000');
    expect(missingPost.statusCode).toBe(404);
    expect(missingPost.body).toContain('This post does not exist');
    // Addresses that name another API route under /resources (a post's address always ends in 12 hex digits).
    for (const address of ['/resources/search', '/resources/toprated']) {
      const answer = await page(address);
      expect(answer.statusCode, address).toBe(404);
      expect(answer.body, address).toContain('This post does not exist');
    }
    expect((await page('/users/nobody_by_that_name')).statusCode).toBe(404);
    // Longer than the router's default parameter length (100): no such member or post, never a server error.
    const long = 'a'.repeat(150);
    for (const [address, text] of [
      [`/users/${long}`, 'This user does not exist'],
      [`/resources/${long}`, 'This post does not exist'],
    ] as const) {
      const answer = await page(address);
      expect(answer.statusCode, address).toBe(404);
      expect(answer.body, address).toContain(text);
    }
  });

  it("answers a browser's visit to an address it cannot read with the not-found page; the API keeps its JSON errors", async () => {
    const visit = (url: string) =>
      harness.app.inject({ method: 'GET', url, headers: { host: 'tessera.example', accept: 'text/html,application/xhtml+xml' } });
    // NUL, bytes that are not UTF-8, and a lone surrogate's bytes.
    for (const address of ['/search/query/%00', '/search/query/%FF', '/users/%ED%A0%80', '/no/such/page%00']) {
      const answer = await visit(address);
      expect(answer.statusCode, address).toBe(404);
      expect(answer.headers['content-type'], address).toContain('text/html');
      expect(answer.body, address).toContain('This page doesn&#x27;t exist');
    }
    for (const address of ['/api/resources/viewById/%00', '/api/resources/viewById/%FF']) {
      const answer = await visit(address);
      expect(answer.statusCode, address).toBe(400);
      expect(answer.json(), address).toMatchObject({ error: true });
    }
  });

  it('moves a search or app page past the end (a stale or typed address) to the last page, which is page 1 without the parameter', async () => {
    const platforms = await harness.call<{ name: string; count: number }[]>('GET', '/api/platforms?includeCounts=true');
    const app = platforms.body.find((platform) => platform.count > 0 && platform.count <= 10);
    if (!app) throw new Error('the catalogue has no app with 1 to 10 templates');
    for (const [address, lastPage] of [
      ['/search?page=99&sort=date_desc', '/search?sort=date_desc'],
      [`/apps/${encodeURIComponent(app.name)}?page=99`, `/apps/${encodeURIComponent(app.name)}`],
    ]) {
      const answer = await page(address!);
      expect(answer.statusCode, address).toBe(302);
      expect(answer.headers.location, address).toBe(lastPage);
    }
  });

  it("keeps a topic page's page in its address, so a reload or Back shows the same page; past the end shows the last", async () => {
    const total = (await harness.call<{ pagination: { totalItems: number } }>('GET', '/api/resources/search?topic=productivity')).body
      .pagination.totalItems;
    for (let published = total; published <= 10; published += 1)
      await publishTemplate(harness, author.userId, { title: `Topic Paging Planner ${published}` });
    await harness.catchUp();
    const { totalPages } = (
      await harness.call<{ pagination: { totalPages: number } }>('GET', '/api/resources/search?topic=productivity&limit=10')
    ).body.pagination;
    expect((await page('/topics/productivity?page=2')).body).toContain(`2 / ${totalPages}`);
    expect((await page('/topics/productivity?page=99')).body).toContain(`${totalPages} / ${totalPages}`);
    expect((await page('/topics/productivity')).body).toContain(`1 / ${totalPages}`);
  });

  it('moves a topic or app address in another case, or naming its label, to its own address in one redirect, keeping the page', async () => {
    for (const [address, own] of [
      ['/topics/AI', '/topics/ai'],
      ['/topics/Content%20%26%20Files', '/topics/content_and_files'],
      ['/topics/Human%20Resources?page=2', '/topics/human_resources?page=2'],
      ['/apps/Google%20Sheets', '/apps/google%20sheets'],
      ['/apps/SLACK', '/apps/slack'],
    ]) {
      const answer = await page(address!);
      expect(answer.statusCode, address).toBe(302);
      expect(answer.headers.location, address).toBe(own);
      expect((await page(own!)).statusCode, own).toBe(200);
    }
    expect((await page('/topics/no_such_topic')).headers.location).toBe('/404');
    expect((await page('/apps/no%20such%20app')).headers.location).toBe('/404');
  });

  it('leaves signed-in pages to the browser', async () => {
    for (const url of ['/account', '/admin', '/saved-posts']) {
      const rendered = await page(url, liker);
      expect(rendered.statusCode, url).toBe(200);
      expect(rendered.body, url).toContain('<div id="root"></div>');
      expect(rendered.body, url).not.toContain(HYDRATION_DATA_ELEMENT_ID);
    }
  });

  it('states the configured commission in every page it sends, rendered here or drawn by the app: commission-free only at 0 %', async () => {
    const footerAbout = (html: string) => /<p>(Ready-to-use templates made by a community of makers\.[^<]*)<\/p>/u.exec(html)?.[1];
    const home = (await page('/?fee=0')).body;
    expect(home).toContain(`<meta name="${PLATFORM_FEE_META_NAME}" content="0" />`);
    expect(footerAbout(home)).toBe('Ready-to-use templates made by a community of makers. Commission-free during beta.');

    await harness.restart({ platformFeePercent: 6 });
    try {
      const charged = (await page('/?fee=6')).body;
      expect(charged).toContain(`<meta name="${PLATFORM_FEE_META_NAME}" content="6" />`);
      expect(footerAbout(charged)).toBe('Ready-to-use templates made by a community of makers. 6% commission on each sale.');
      expect(charged).toMatch(/makers sharing ready-to-use templates\. 6% commission on each sale\./u);
      expect(charged).not.toMatch(/commission-free|no commission/iu);
      // A page the app draws names the fee all the same; the sign-up page, rendered here, says it.
      const account = await page('/account');
      expect(account.body).toContain('<div id="root"></div>');
      expect(account.body).toContain(`<meta name="${PLATFORM_FEE_META_NAME}" content="6" />`);
      expect((await page('/signup?beta=true')).body).toMatch(/Welcome to the beta: publish and sell your templates, with a 6% commission/u);
    } finally {
      await harness.restart({ platformFeePercent: 0 });
    }
  });

  it('answers 500 with the error page when a loader fails, and shows a failed list as failed', async () => {
    const failingApi = createPageRenderer({
      apiTransport: async (url) =>
        new Response(JSON.stringify({ error: true, message: `broken: ${url}` }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
      platformFeePercent: 0,
    });
    // Last in the file: the renderer's transport is module-wide, and this one replaces the harness app's.
    const detail = await failingApi.render(`/resources/${titleUrl}`, {
      origin: 'http://tessera.example',
      template: TEMPLATE,
      cookies: NO_PAGE_COOKIES,
    });
    expect(detail).toMatchObject({ kind: 'page', status: 500 });
    if (detail.kind !== 'page') throw new Error('expected a page');
    const html = await text(detail.html);
    expect(html).toContain('Something went wrong');
    // Nothing to hydrate with: the browser draws the page afresh.
    expect(html).not.toContain(HYDRATION_DATA_ELEMENT_ID);

    const home = await failingApi.render('/', { origin: 'http://tessera.example', template: TEMPLATE, cookies: NO_PAGE_COOKIES });
    expect(home).toMatchObject({ kind: 'page', status: 200 });
    if (home.kind !== 'page') throw new Error('expected a page');
    expect(hydrationPayload(await text(home.html)).deferred).toContainEqual({ routeId: '0-0-0', path: ['trending'], outcome: 'error' });
  });
});
