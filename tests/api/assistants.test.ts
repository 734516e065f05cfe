import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { demoUserId } from '../../src/composition/demo-catalogue.js';
import { PUBLIC_CACHE_HEADER } from '../../src/api/read-cache.js';
import { AI_CRAWLER_USER_AGENTS } from '../../src/domain/assistants/crawler-policy.js';
import { RATE_LIMITS } from '../../src/domain/shared/rate-limits.js';
import { TEMPLATE_MESSAGES } from '../../src/domain/templates/rules.js';
import { likeTemplate, publishTemplate, type PublishedTemplate } from '../fixtures/catalogue.js';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';

const PUBLIC_URL = 'https://tessera.example';
const SIZE = { users: 3, templates: 6, seed: 59 };
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('what assistants read: llms.txt, posts as Markdown, robots.txt and the MCP server', () => {
  let harness: ApiHarness;
  let forecast: PublishedTemplate;
  let checklist: PublishedTemplate;
  let draft: PublishedTemplate;

  const get = (url: string, headers: Record<string, string> = {}) => harness.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    harness = await startApiHarness(SIZE, { app: { publicUrl: PUBLIC_URL } });
    const { commands } = harness.infrastructure;
    const authorId = demoUserId(SIZE.seed, 1);
    forecast = await publishTemplate(
      commands,
      {
        title: 'Quarterly Sales Forecast Sheet',
        description: 'Forecast each quarter from last year.',
        instructions: 'Copy the sheet, enter last year’s sales and read the forecast.',
        price: 12.5,
        topic: 'marketing',
        platform: 'google sheets',
        keywords: ['forecast'],
      },
      { authorId },
    );
    checklist = await publishTemplate(commands, { title: 'Quarterly Launch Checklist', price: 0, platform: 'notion' }, { authorId });
    draft = await publishTemplate(commands, { title: 'Quarterly Secret Draft' }, { authorId, approve: false });
    // Liked, so llms.txt lists it among the popular ones.
    for (let like = 0; like < 3; like += 1) await likeTemplate(commands, forecast.templateId);
    await harness.catchUp();
    expect(await harness.infrastructure.search.waitFor(await harness.infrastructure.store.headPosition(), 30_000)).toBe(true);
  });
  afterAll(async () => {
    await harness?.close();
  });

  describe('GET /llms.txt', () => {
    it('follows llmstxt.org: an H1, a summary quote, then H2 sections of links to topics, apps, popular posts and the APIs', async () => {
      const answer = await get('/llms.txt');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
      const lines = answer.body.split('\n');
      expect(lines[0]).toBe('# Tessera');
      expect(lines[2]).toMatch(/^> Tessera is a community marketplace of ready-to-use templates/u);
      const headings = lines.filter((line) => line.startsWith('## '));
      expect(headings).toEqual(['## Topics', '## Apps', '## Most popular templates', '## API', '## Optional']);
      // Below the first H2, only link list items and blank lines.
      const sections = lines.slice(lines.indexOf('## Topics'));
      expect(
        sections.filter((line) => line !== '' && !line.startsWith('## ') && !/^- \[[^\]]+\]\(https:\/\/[^)\s]+\)/u.test(line)),
      ).toEqual([]);
      expect(answer.body).toContain(`- [Marketing](${PUBLIC_URL}/topics/marketing): `);
      expect(answer.body).toContain(`- [Google Sheets](${PUBLIC_URL}/apps/google%20sheets): `);
      const popular = lines.slice(lines.indexOf('## Most popular templates') + 2, lines.indexOf('## API') - 1);
      expect(popular).toContain(
        `- [Quarterly Sales Forecast Sheet](${PUBLIC_URL}/resources/${forecast.titleUrl}.md): $ 12.50 (US dollars), Google Sheets. ` +
          'Forecast each quarter from last year.',
      );
      expect(answer.body).not.toContain(draft.titleUrl);
      expect(answer.body).toContain(`- [MCP server](${PUBLIC_URL}/mcp): `);
      expect(answer.body).toContain(`- [API documentation](${PUBLIC_URL}/api/docs): `);
    });

    it('is kept in the public answer cache until the read models it reads move', async () => {
      await get('/llms.txt');
      expect((await get('/llms.txt')).headers[PUBLIC_CACHE_HEADER]).toBe('hit');
      const added = await publishTemplate(
        harness.infrastructure.commands,
        { title: 'Quarterly Budget Review', topic: 'operations' },
        {
          authorId: demoUserId(SIZE.seed, 2),
        },
      );
      for (let like = 0; like < 5; like += 1) await likeTemplate(harness.infrastructure.commands, added.templateId);
      await harness.catchUp();
      const after = await get('/llms.txt');
      expect(after.headers[PUBLIC_CACHE_HEADER]).toBe('miss');
      expect(after.body).toContain(`${PUBLIC_URL}/resources/${added.titleUrl}.md`);
    });
  });

  describe('a post as Markdown', () => {
    it('answers /resources/{titleUrl}.md with the facts, the description and the canonical URL', async () => {
      const answer = await get(`/resources/${forecast.titleUrl}.md`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
      const canonical = `${PUBLIC_URL}/resources/${forecast.titleUrl}`;
      expect(answer.headers.link).toBe(`<${canonical}>; rel="canonical"`);
      expect(answer.body.split('\n').slice(0, 7)).toEqual([
        '# Quarterly Sales Forecast Sheet',
        '',
        '> Forecast each quarter from last year.',
        '',
        '- Price: $ 12.50 (US dollars)',
        `- Topic: [Marketing](${PUBLIC_URL}/topics/marketing)`,
        `- App: [Google Sheets](${PUBLIC_URL}/apps/google%20sheets)`,
      ]);
      expect(answer.body).toContain(`- Canonical URL: ${canonical}\n`);
      // A paid post's link is for its buyers: the Markdown sends people to its page.
      expect(answer.body).toContain(`- Get it: buy it on its page, ${canonical}\n`);
      expect(answer.body).not.toContain('https://example.com/template');
      expect(answer.body).toContain('## Details\n\nCopy the sheet, enter last year’s sales and read the forecast.\n');
    });

    it('answers the page address in Markdown for Accept: text/markdown, and leaves a browser the page', async () => {
      const markdown = await get(`/resources/${forecast.titleUrl}`, { accept: 'text/markdown' });
      expect(markdown.statusCode).toBe(200);
      expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(markdown.headers.vary).toContain('accept');
      expect(markdown.body).toBe((await get(`/resources/${forecast.titleUrl}.md`)).body);
      const preferred = await get(`/resources/${forecast.titleUrl}`, { accept: 'text/markdown, text/html;q=0.5' });
      expect(preferred.headers['content-type']).toBe('text/markdown; charset=utf-8');
      for (const accept of [BROWSER_ACCEPT, 'text/html, text/markdown;q=0.5']) {
        expect((await get(`/resources/${forecast.titleUrl}`, { accept })).headers['content-type']).not.toContain('markdown');
      }
    });

    it('gives a free post its link', async () => {
      const answer = await get(`/resources/${checklist.titleUrl}.md`);
      expect(answer.body).toContain('- Price: Free\n');
      expect(answer.body).toContain('- Get it: https://example.com/template\n');
    });

    it('answers 404 for a post that is not public, or none', async () => {
      for (const answer of [
        await get(`/resources/${draft.titleUrl}.md`),
        await get(`/resources/${draft.titleUrl}`, { accept: 'text/markdown' }),
        await get('/resources/no-such-post-123456789012.md'),
      ]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ error: true, message: TEMPLATE_MESSAGES.doesNotExist });
      }
    });

    it('is kept in the public answer cache, and shows a new like once the read models move', async () => {
      const url = `/resources/${checklist.titleUrl}.md`;
      await get(url);
      const kept = await get(url);
      expect(kept.headers[PUBLIC_CACHE_HEADER]).toBe('hit');
      expect(kept.headers.link).toBe(`<${PUBLIC_URL}/resources/${checklist.titleUrl}>; rel="canonical"`);
      expect(kept.body).toContain('- Likes: 0, saves: 0\n');
      await harness.catchUp(await likeTemplate(harness.infrastructure.commands, checklist.templateId));
      expect((await get(url)).body).toContain('- Likes: 1, saves: 0\n');
    });
  });

  describe('robots.txt', () => {
    const groupOf = (robots: string, agent: string) => {
      const lines = robots.split('\n');
      const start = lines.indexOf(`User-agent: ${agent}`);
      expect(start, `${agent} is named`).toBeGreaterThan(-1);
      // A group may name several crawlers before its rules.
      return lines.slice(start + 1, lines.indexOf('', start)).filter((line) => !line.startsWith('User-agent: '));
    };

    it('names the AI crawlers and lets them read public pages but not account or admin pages (AI_CRAWLERS=allow, the default)', async () => {
      const robots = (await get('/robots.txt')).body;
      for (const agent of ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended', 'CCBot']) {
        const rules = groupOf(robots, agent);
        expect(rules[0]).toBe('Allow: /');
        expect(rules).toEqual(expect.arrayContaining(['Disallow: /account', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /mcp']));
      }
      expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });

    it('refuses them everything with AI_CRAWLERS=deny, and still lets search engines in', async () => {
      const denying = await buildApp({ ...harness.infrastructure, publicUrl: PUBLIC_URL, aiCrawlers: 'deny' });
      try {
        const robots = (await denying.inject({ method: 'GET', url: '/robots.txt' })).body;
        for (const agent of AI_CRAWLER_USER_AGENTS) expect(groupOf(robots, agent)).toEqual(['Disallow: /']);
        expect(groupOf(robots, '*')[0]).toBe('Allow: /');
      } finally {
        await denying.close();
      }
    });
  });

  describe('the MCP server at /mcp, through the SDK client', () => {
    let client: Client;
    let endpoint: URL;

    beforeAll(async () => {
      endpoint = new URL('/mcp', await harness.app.listen({ port: 0, host: '127.0.0.1' }));
      client = new Client({ name: 'tessera-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(endpoint));
    });
    afterAll(async () => {
      await client?.close();
    });

    it('introduces itself and lists its four read-only tools', async () => {
      expect(client.getServerVersion()).toMatchObject({ name: 'tessera' });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['get_template', 'list_apps', 'list_topics', 'search_templates']);
      for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true });
      const search = tools.find((tool) => tool.name === 'search_templates')!;
      expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual(['app', 'limit', 'price', 'query', 'topic']);
      expect(search.inputSchema.required).toEqual(['query']);
    });

    it('answers a search with canonical URLs and prices, as the search route finds them', async () => {
      const result = await client.callTool({ name: 'search_templates', arguments: { query: 'quarterly sales forecast' } });
      expect(result.isError).toBeFalsy();
      const { total, results } = result.structuredContent as { total: number; results: Record<string, unknown>[] };
      expect(results[0]).toEqual({
        title: 'Quarterly Sales Forecast Sheet',
        titleUrl: forecast.titleUrl,
        url: `${PUBLIC_URL}/resources/${forecast.titleUrl}`,
        markdownUrl: `${PUBLIC_URL}/resources/${forecast.titleUrl}.md`,
        summary: 'Forecast each quarter from last year.',
        price: 12.5,
        priceText: '$ 12.50 (US dollars)',
        topic: 'Marketing',
        app: 'Google Sheets',
        author: expect.any(String),
        likes: 3,
      });
      expect(results.map((hit) => hit.titleUrl)).not.toContain(draft.titleUrl);
      // The same hits, in the same order, as GET /api/resources/search.
      const api = await harness.call<{ data: { titleUrl: string }[]; pagination: { totalItems: number } }>(
        'GET',
        '/api/resources/search?q=quarterly%20sales%20forecast',
      );
      expect(results.map((hit) => hit.titleUrl)).toEqual(api.body.data.map((post) => post.titleUrl));
      expect(total).toBe(api.body.pagination.totalItems);
      // The text block carries the same answer for clients that read only text.
      expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
    });

    it('filters by price, topic and app by name or label, and refuses an unknown topic in the search route’s words', async () => {
      const free = await client.callTool({ name: 'search_templates', arguments: { query: 'quarterly', price: 'free', app: 'Notion' } });
      const freeHits = (free.structuredContent as { results: { titleUrl: string; price: number }[] }).results;
      expect(freeHits.map((hit) => hit.titleUrl)).toContain(checklist.titleUrl);
      expect(freeHits.every((hit) => hit.price === 0)).toBe(true);
      const marketing = await client.callTool({ name: 'search_templates', arguments: { query: '', topic: 'Marketing', limit: 50 } });
      const marketingHits = (marketing.structuredContent as { results: { topic: string }[] }).results;
      expect(marketingHits.length).toBeGreaterThan(0);
      expect(marketingHits.every((hit) => hit.topic === 'Marketing')).toBe(true);
      const unknown = await client.callTool({ name: 'search_templates', arguments: { query: 'x', topic: 'astrology' } });
      expect(unknown).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Unknown topic "astrology"' }] });
    });

    it('gives a public template as Markdown with its facts, and a post that is not public as an error result', async () => {
      const found = await client.callTool({
        name: 'get_template',
        arguments: { titleUrl: `${PUBLIC_URL}/resources/${forecast.titleUrl}` },
      });
      expect(found.structuredContent).toMatchObject({
        url: `${PUBLIC_URL}/resources/${forecast.titleUrl}`,
        price: 12.5,
        summary: 'Forecast each quarter from last year.',
        details: 'Copy the sheet, enter last year’s sales and read the forecast.',
        link: null,
      });
      expect((found.content as { text: string }[])[0]!.text).toBe((await get(`/resources/${forecast.titleUrl}.md`)).body);

      const byMarkdownUrl = await client.callTool({
        name: 'get_template',
        arguments: { titleUrl: `${PUBLIC_URL}/resources/${forecast.titleUrl}.md` },
      });
      expect(byMarkdownUrl.structuredContent).toEqual(found.structuredContent);

      for (const titleUrl of [draft.titleUrl, `${PUBLIC_URL}/resources/${draft.titleUrl}.md`, '%E0%A4%A']) {
        const refused = await client.callTool({ name: 'get_template', arguments: { titleUrl } });
        expect(refused).toMatchObject({ isError: true, content: [{ type: 'text', text: TEMPLATE_MESSAGES.doesNotExist }] });
        expect(refused.structuredContent).toBeUndefined();
      }
    });

    it('lists topics and apps with their counts and pages', async () => {
      const topics = await client.callTool({ name: 'list_topics', arguments: {} });
      expect((topics.structuredContent as { topics: unknown[] }).topics).toContainEqual({
        name: 'marketing',
        label: 'Marketing',
        count: expect.any(Number),
        url: `${PUBLIC_URL}/topics/marketing`,
      });
      const apps = await client.callTool({ name: 'list_apps', arguments: {} });
      const sheets = (apps.structuredContent as { apps: { name: string; count: number }[] }).apps.find(
        (app) => app.name === 'google sheets',
      );
      expect(sheets?.count).toBeGreaterThanOrEqual(1);
    });

    it('answers as an event stream with the security headers, uncompressed; GET has no stream to open', async () => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'accept-encoding': 'gzip, br' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('"search_templates"');
      const opened = await fetch(endpoint, { headers: { accept: 'text/event-stream' } });
      expect(opened.status).toBe(405);
      expect(await opened.json()).toMatchObject({ error: true });
    });

    it(`refuses an address beyond ${RATE_LIMITS.assistantRequestsPerAddress.max} requests in its window with 429`, async () => {
      // Every request counts, whatever it asks (these are refused by the transport: no Accept header), until the limit.
      let requests = 0;
      let status = 0;
      while (status !== 429 && requests <= RATE_LIMITS.assistantRequestsPerAddress.max) {
        requests += 1;
        status = (await harness.call('POST', '/mcp', { body: {} })).status;
      }
      expect(status).toBe(429);
      // The SDK client on the same address is refused too, with the limit's words.
      const refusal = await client.listTools().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toMatchObject({ code: 429 });
      expect(String(refusal)).toContain(RATE_LIMITS.assistantRequestsPerAddress.message);
      const refused = await harness.call('POST', '/mcp', { body: { jsonrpc: '2.0', id: 2, method: 'tools/list' } });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another address is still served.
      const elsewhere = await harness.call('POST', '/mcp', {
        remoteAddress: '10.5.9.1',
        headers: { accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      });
      expect(elsewhere.status).toBe(200);
    });
  });
});
