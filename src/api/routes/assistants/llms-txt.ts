import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LLMS_TXT_POPULAR_LIMIT,
  llmsTxt,
  MARKDOWN_CONTENT_TYPE,
  priceText,
  type MarkdownLink,
} from '../../../domain/assistants/markdown.js';
import { platformLabel } from '../../../domain/catalogue/presentation.js';
import { z } from '../../../domain/shared/zod.js';
import { recommendedResources } from '../../../projections/read-models/templates/queries.js';
import { toResourceView } from '../../../projections/read-models/templates/views.js';
import { PAYMENTS_HELP_PATH } from '../../../web/lib/paths.js';
import type { LinkOrigin } from '../../public-origin.js';
import { BROWSING_READ_MODELS } from '../discovery/explore.js';
import { taxonomyWithCounts } from '../discovery/taxonomy.js';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { appUrl, markdownPostUrl, topicUrl } from './public-posts.js';
import { MCP_PATH } from './mcp.js';

const countNote = (count: number) => `${count} template${count === 1 ? '' : 's'}`;

/** GET /llms.txt: what Tessera is, and links to its topics, apps, most liked templates and APIs (llmstxt.org). */
export function llmsTxtRoutes(deps: { db: ReadModelDb; vault: Vault; linkOrigin: LinkOrigin }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/llms.txt',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS, sameForEveryViewer: true },
        schema: {
          summary: 'What Tessera is, for language models: topics, apps, popular templates and the APIs (llmstxt.org)',
          tags: ['assistants'],
          // Sent as text: Fastify does not serialise it, the schema only documents the answer.
          response: { 200: z.string().describe('llms.txt (text/markdown)') },
        },
      },
      async (request, reply) => {
        const origin = deps.linkOrigin(request);
        const at = (path: string) => new URL(path, origin).toString();
        // The home page's most liked list: one rule for what is popular.
        const [topics, apps, popularRows] = await Promise.all([
          taxonomyWithCounts(deps.db, 'topic'),
          taxonomyWithCounts(deps.db, 'platform'),
          recommendedResources(deps.db, { order: 'top_rated', sponsoredOnly: false, limit: LLMS_TXT_POPULAR_LIMIT }),
        ]);
        const popular = await Promise.all(popularRows.map((row) => toResourceView(row, deps.vault)));
        const popularLinks: MarkdownLink[] = popular.map((post) => ({
          label: post.title,
          url: markdownPostUrl(origin, post.titleUrl),
          note: `${priceText(post.price)}, ${platformLabel(post.platform)}. ${post.description.short}`,
        }));
        const text = llmsTxt({
          topics: topics.map((topic) => ({ label: topic.label, url: topicUrl(origin, topic.name), note: countNote(topic.count) })),
          apps: apps.map((entry) => ({ label: entry.label, url: appUrl(origin, entry.name), note: countNote(entry.count) })),
          popular: popularLinks,
          api: [
            {
              label: 'MCP server',
              url: at(MCP_PATH),
              note: 'Streamable HTTP, read-only, no account: search_templates, get_template, list_topics, list_apps',
            },
            { label: 'API documentation', url: at('/api/docs'), note: 'the JSON API, described in OpenAPI' },
            { label: 'OpenAPI description', url: at('/api/docs/json'), note: 'the same, as JSON' },
          ],
          optional: [
            { label: 'Sitemap', url: at('/sitemap.xml'), note: 'every public page' },
            { label: 'Search', url: at('/search'), note: 'search page (q, topic, platform, price=free|paid)' },
            { label: 'Selling on Tessera', url: at('/sellers') },
            { label: 'How payments and payouts work', url: at(PAYMENTS_HELP_PATH) },
            { label: 'Blog', url: at('/blogs') },
            { label: 'Terms of service', url: at('/terms-of-service') },
          ],
        });
        return reply.type(MARKDOWN_CONTENT_TYPE).send(text);
      },
    );
  };
}
