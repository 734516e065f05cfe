import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HIDDEN_KEYWORDS } from '../../../domain/catalogue/presentation.js';
import { APPS, TOPICS, type TaxonomyEntry } from '../../../domain/catalogue/taxonomy.js';
import { TOPICS_REQUEST_LIMIT } from '../../../domain/discovery/constants.js';
import { z } from '../../../domain/shared/zod.js';
import { keywordUsage, newestPerGroup, searchableCountsBy } from '../../../projections/read-models/search/queries.js';
import { resourceViewsByIds } from '../../../projections/read-models/templates/queries.js';
import { resourceSchema } from '../resources.js';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { BROWSING_READ_MODELS } from './explore.js';

/** Most keywords answered by the keyword lists. */
const KEYWORD_LIST_LIMIT = 100;
const MAX_TOPIC_RESOURCES = 20;

const booleanFlag = z
  .enum(['true', 'false'], 'must be true or false')
  .optional()
  .transform((value) => value === 'true');
const entrySchema = z.object({ name: z.string(), label: z.string() });

/** Every topic or app (`platform`), each with its number of live resources: the apps list's rule, shared with llms.txt and the MCP server. */
export async function taxonomyWithCounts(db: ReadModelDb, column: 'topic' | 'platform'): Promise<(TaxonomyEntry & { count: number })[]> {
  const rows = await searchableCountsBy(db, column);
  const counts = new Map(rows.map((row) => [row.value, row.count]));
  return (column === 'topic' ? TOPICS : APPS).map(({ name, label }) => ({ name, label, count: counts.get(name) ?? 0 }));
}

/** Topics, apps and keywords, with what live resources use of them. */
export function taxonomyRoutes(deps: { db: ReadModelDb; vault: Vault }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, vault } = deps;

    app.get(
      '/topics',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS },
        schema: {
          summary: 'Every topic, with its newest resources when withResources=true (limit per topic)',
          tags: ['browse'],
          querystring: z.object({
            withResources: booleanFlag,
            limit: z.coerce
              .number('limit must be a number')
              .int('limit must be a whole number')
              .min(1, 'limit must be at least 1')
              .max(MAX_TOPIC_RESOURCES, `limit must be at most ${MAX_TOPIC_RESOURCES}`)
              .default(TOPICS_REQUEST_LIMIT),
          }),
          response: { 200: z.array(z.object({ topic: entrySchema, resources: z.array(resourceSchema) })) },
        },
      },
      async (request) => {
        const { withResources, limit } = request.query;
        const ids = withResources
          ? await newestPerGroup(
              db,
              'topic',
              TOPICS.map((topic) => topic.name),
              limit,
            )
          : new Map<string, string[]>();
        return Promise.all(
          TOPICS.map(async (topic) => ({
            topic: { name: topic.name, label: topic.label },
            resources: await resourceViewsByIds(db, vault, ids.get(topic.name) ?? []),
          })),
        );
      },
    );

    app.get(
      '/platforms',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS },
        schema: {
          summary: 'Every app, with its number of live resources when includeCounts=true',
          tags: ['browse'],
          querystring: z.object({ includeCounts: booleanFlag }),
          response: { 200: z.array(z.object({ name: z.string(), label: z.string(), count: z.number().optional() })) },
        },
      },
      async (request) =>
        request.query.includeCounts ? taxonomyWithCounts(db, 'platform') : APPS.map(({ name, label }) => ({ name, label })),
    );

    app.get(
      '/keywordsUsed',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS },
        schema: {
          summary: 'Topics (type=topic) or apps (type=platform) that live resources use, most used first',
          tags: ['browse'],
          querystring: z.object({ type: z.enum(['topic', 'platform'], 'type must be topic or platform') }),
          response: { 200: z.array(z.object({ _id: z.string(), term: z.string(), platform: z.string().nullable(), count: z.number() })) },
        },
      },
      async (request) => {
        const column = request.query.type;
        const rows = await searchableCountsBy(db, column);
        return rows.map(({ value: term, count }) => ({
          _id: `${column}:${term}`,
          term,
          platform: column === 'platform' ? term : null,
          count,
        }));
      },
    );

    app.get(
      '/keywords',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS },
        schema: {
          summary: 'Keywords (tags) of live resources, most used first',
          tags: ['browse'],
          querystring: z.object({ type: z.enum(['topic'], 'type must be topic').optional() }),
          response: { 200: z.array(z.object({ _id: z.string(), term: z.string(), count: z.number() })) },
        },
      },
      async () => (await keywordUsage(db, HIDDEN_KEYWORDS, KEYWORD_LIST_LIMIT)).map((row) => ({ _id: `keyword:${row.term}`, ...row })),
    );
  };
}
