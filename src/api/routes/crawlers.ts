import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AI_CRAWLER_USER_AGENTS, type AiCrawlerPolicy } from '../../domain/assistants/crawler-policy.js';
import { APPS, TOPICS } from '../../domain/catalogue/taxonomy.js';
import { z } from '../../domain/shared/zod.js';
import { publicAuthorProfiles, publicTemplateAddresses } from '../../projections/read-models/templates/queries.js';
import { appPath, PAYMENTS_HELP_PATH, resourcePath, topicPath, userProfilePath } from '../../web/lib/paths.js';
import type { ReadModelDb } from './route-deps.js';

/** Pages that are the same for everyone and worth a search engine's visit. */
const STATIC_PUBLIC_PATHS = [
  '/',
  '/search',
  '/topics',
  '/apps',
  '/explore',
  '/sellers',
  '/blogs',
  '/getstarted',
  '/contact-us',
  '/terms-of-service',
  '/cookie-policy',
  PAYMENTS_HELP_PATH,
];

/** Signed-in pages, forms and the API: nothing a search result should lead to. */
const PATHS_CLOSED_TO_CRAWLERS = [
  '/api/',
  '/admin',
  '/account',
  '/create',
  '/editor/',
  '/saved-posts',
  '/shared-posts',
  '/onboarding',
  '/login',
  '/signup',
  '/register-modal',
  '/reset-password-from-token',
  '/dev/',
  '/mcp',
];

/** Crawlers may read robots.txt and the sitemap once an hour; they change as posts are published. */
const CRAWLER_FILES_MAX_AGE_SECONDS = 3_600;

/**
 * Every crawler may read the public pages and none the closed ones; the AI crawlers are then named in
 * a group of their own (RFC 9309: a crawler obeys the group naming it), with the same rules
 * (AI_CRAWLERS=allow) or refused everything (deny), so the policy is stated by name either way.
 */
export function robotsTxt(origin: string, aiCrawlers: AiCrawlerPolicy): string {
  const publicPagesOnly = ['Allow: /', ...PATHS_CLOSED_TO_CRAWLERS.map((path) => `Disallow: ${path}`)];
  return [
    'User-agent: *',
    ...publicPagesOnly,
    '',
    `# AI crawlers (AI_CRAWLERS=${aiCrawlers}): ${aiCrawlers === 'allow' ? 'the public pages, llms.txt and the Markdown pages' : 'nothing'}.`,
    ...AI_CRAWLER_USER_AGENTS.map((agent) => `User-agent: ${agent}`),
    ...(aiCrawlers === 'allow' ? publicPagesOnly : ['Disallow: /']),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin)}`,
    '',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
}

interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The sitemap of every public page: the fixed ones, each topic and app, each public post and each profile with a public post. */
export async function sitemapXml(db: ReadModelDb, origin: string): Promise<string> {
  const [templates, profiles] = await Promise.all([publicTemplateAddresses(db), publicAuthorProfiles(db)]);
  const entries: SitemapEntry[] = [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...TOPICS.map((topic) => ({ path: topicPath(topic.name) })),
    ...APPS.map((app) => ({ path: appPath(app.name) })),
    ...templates.map((row) => ({ path: resourcePath(row.title_url), lastModified: row.updated_at })),
    ...profiles.map((row) => ({ path: userProfilePath(row.username), lastModified: new Date(row.updated_at) })),
  ];
  const urls = entries.map(({ path, lastModified }) => {
    const location = `<loc>${escapeXml(new URL(path, origin).toString())}</loc>`;
    return `  <url>${location}${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt and /sitemap.xml, kept current from the read models. `origin` is the public address (linkOriginFor); `aiCrawlers` is AI_CRAWLERS. */
export function crawlerRoutes(deps: {
  db: ReadModelDb;
  origin: (request: { host: string }) => string;
  aiCrawlers: AiCrawlerPolicy;
}): FastifyPluginAsyncZod {
  // Sent as text: Fastify does not serialise them, the schemas only document the answers.
  const robotsSchema = {
    summary: 'What crawlers may read, and where the sitemap is',
    tags: ['crawlers'],
    response: { 200: z.string().describe('robots.txt (text/plain)') },
  };
  const sitemapSchema = {
    summary: 'Every public page, for search engines',
    tags: ['crawlers'],
    response: { 200: z.string().describe('The sitemap (application/xml)') },
  };
  return async (app) => {
    app.get('/robots.txt', { config: { access: 'anyone' }, schema: robotsSchema }, async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', `public, max-age=${CRAWLER_FILES_MAX_AGE_SECONDS}`)
        .send(robotsTxt(deps.origin(request), deps.aiCrawlers)),
    );
    app.get('/sitemap.xml', { config: { access: 'anyone' }, schema: sitemapSchema }, async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${CRAWLER_FILES_MAX_AGE_SECONDS}`)
        .send(await sitemapXml(deps.db, deps.origin(request))),
    );
  };
}
