import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { postMarkdown, priceText, SITE_NAME } from '../../../domain/assistants/markdown.js';
import { platformLabel, topicLabel } from '../../../domain/catalogue/presentation.js';
import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import { PRICE_FILTERS, SEARCH_MAX_LIMIT, SEARCH_MAX_QUERY_LENGTH } from '../../../domain/discovery/constants.js';
import { z } from '../../../domain/shared/zod.js';
import { HttpError } from '../../errors.js';
import { taxonomyWithCounts } from '../discovery/taxonomy.js';
import { searchQuery } from '../search/query.js';
import { searchResources, type SearchResourcesDeps } from '../search/search-resources.js';
import { appUrl, canonicalPostUrl, markdownPostUrl, postForAssistants, publicPost, topicUrl } from './public-posts.js';

/** The MCP server's name and version as it introduces itself to clients. */
const SERVER_INFO = { name: 'tessera', version: '1.0.0' };
const INSTRUCTIONS =
  `${SITE_NAME} is a marketplace of ready-to-use templates. Search them with search_templates (list_topics and list_apps name the filters), ` +
  'then read one with get_template. Answers carry each post’s canonical URL (link people there) and its price in US dollars.';
const COULD_NOT_ANSWER = 'The server could not answer. Please try again.';
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const taxonomyEntrySchema = z.object({ name: z.string(), label: z.string(), count: z.number(), url: z.string() });
const searchResultSchema = z.object({
  title: z.string(),
  titleUrl: z.string(),
  url: z.string().describe('The canonical address: the post’s page'),
  markdownUrl: z.string(),
  summary: z.string(),
  price: z.number().describe('US dollars; 0 is free'),
  priceText: z.string(),
  topic: z.string(),
  app: z.string(),
  author: z.string(),
  likes: z.number(),
});
const templateSchema = searchResultSchema.extend({
  details: z.string().describe('The long description: what it holds and how to use it'),
  keywords: z.array(z.string()),
  saves: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  link: z.string().nullable().describe('The template itself for a free post; null for a paid one, bought on its page'),
});

function searchResult(origin: string, post: ResourceView): z.infer<typeof searchResultSchema> {
  return {
    title: post.title,
    titleUrl: post.titleUrl,
    url: canonicalPostUrl(origin, post.titleUrl),
    markdownUrl: markdownPostUrl(origin, post.titleUrl),
    summary: post.description.short,
    price: post.price > 0 ? post.price : 0,
    priceText: priceText(post.price),
    topic: topicLabel(post.topic),
    app: platformLabel(post.platform),
    author: post.author.username,
    likes: post.ratings.positive,
  };
}

/** A template's address as given: its titleUrl, or its page's or Markdown's URL. */
function titleUrlOf(given: string): string {
  const path = given.trim().replace(/^https?:\/\/[^/]+/u, '');
  const slug = path.startsWith('/resources/') ? path.slice('/resources/'.length) : path;
  const encoded = slug.replace(/[?#].*$/u, '').replace(/\.md$/u, '');
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded; // Not an address we wrote: looked up as given, and not found.
  }
}

/** A tool's answer: its structured content, also as JSON text (for clients that read only text), or a refusal in the API's words. */
async function answer(
  run: () => Promise<{ structured: Record<string, unknown>; text?: string }>,
  logFailure: (error: unknown) => void,
): Promise<CallToolResult> {
  try {
    const { structured, text } = await run();
    return { structuredContent: structured, content: [{ type: 'text', text: text ?? JSON.stringify(structured) }] };
  } catch (error) {
    // A refusal (a post that is not public, a bad filter) is said as the API says it; anything else is not shown.
    if (!(error instanceof HttpError)) logFailure(error);
    return { isError: true, content: [{ type: 'text', text: error instanceof HttpError ? error.message : COULD_NOT_ANSWER }] };
  }
}

/**
 * The MCP server for one request (stateless): read-only tools over the same queries as the search,
 * detail and browsing routes, with links on `origin`.
 */
export function assistantMcpServer(deps: SearchResourcesDeps, origin: string, logFailure: (error: unknown) => void): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });

  server.registerTool(
    'search_templates',
    {
      title: 'Search templates',
      description:
        'Public templates matching words, optionally in one topic or app and free or paid; best match first (newest first without words). ' +
        'Each result has its canonical URL, its Markdown URL and its price in US dollars.',
      inputSchema: {
        query: z.string().max(SEARCH_MAX_QUERY_LENGTH).describe('Words to look for; empty for the newest templates'),
        topic: z.string().max(100).optional().describe('A topic name or label, as list_topics gives them'),
        app: z.string().max(100).optional().describe('An app name or label, as list_apps gives them'),
        price: z.enum(PRICE_FILTERS).optional().describe('free or paid'),
        limit: z.number().int().min(1).max(SEARCH_MAX_LIMIT).optional().describe('How many results (default 12)'),
      },
      outputSchema: { total: z.number().describe('How many templates match'), results: z.array(searchResultSchema) },
      annotations: READ_ONLY,
    },
    (input) =>
      answer(async () => {
        // The search route's own parameters and rules: unknown topics and apps are refused in its words.
        const parsed = searchQuery.safeParse({
          q: input.query,
          topic: input.topic,
          platform: input.app,
          price: input.price,
          limit: input.limit,
        });
        if (!parsed.success) throw new HttpError(400, parsed.error.issues.map((issue) => issue.message).join('; '));
        const { data, total } = await searchResources(deps, parsed.data);
        return { structured: { total, results: data.map((post) => searchResult(origin, post)) } };
      }, logFailure),
  );

  server.registerTool(
    'get_template',
    {
      title: 'Get a template',
      description:
        'One public template by its titleUrl (or its URL): summary, details, price, topic, app, author, canonical URL; as Markdown text.',
      inputSchema: { titleUrl: z.string().min(1).max(300).describe('The titleUrl a search result gave, or the template’s URL') },
      outputSchema: templateSchema.shape,
      annotations: READ_ONLY,
    },
    (input) =>
      answer(async () => {
        const detail = await publicPost(deps, titleUrlOf(input.titleUrl));
        const post = postForAssistants(origin, detail);
        const structured: z.infer<typeof templateSchema> = {
          ...searchResult(origin, detail.data),
          details: post.details,
          keywords: [...post.keywords],
          saves: post.saves,
          createdAt: post.createdAt,
          updatedAt: post.updatedAt,
          link: post.link,
        };
        return { structured, text: postMarkdown(post) };
      }, logFailure),
  );

  for (const list of [
    { tool: 'list_topics', key: 'topics', column: 'topic', urlOf: topicUrl, title: 'List topics' },
    { tool: 'list_apps', key: 'apps', column: 'platform', urlOf: appUrl, title: 'List apps' },
  ] as const) {
    server.registerTool(
      list.tool,
      {
        title: list.title,
        description: `Every ${list.key.slice(0, -1)} templates are filed under, with its number of public templates and its page's URL.`,
        outputSchema: { [list.key]: z.array(taxonomyEntrySchema) },
        annotations: READ_ONLY,
      },
      () =>
        answer(async () => {
          const entries = await taxonomyWithCounts(deps.db, list.column);
          return { structured: { [list.key]: entries.map((entry) => ({ ...entry, url: list.urlOf(origin, entry.name) })) } };
        }, logFailure),
    );
  }
  return server;
}
