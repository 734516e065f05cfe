import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Schema } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { HIDDEN_KEYWORDS } from '../../domain/catalogue/presentation.js';
import { APPS, TOPICS } from '../../domain/catalogue/taxonomy.js';
import { EXPLORE_MAX_RESOURCES_PER_TAG, EXPLORE_TAG_COUNT, TOP_CONTRIBUTORS_LIMIT, TOPICS_REQUEST_LIMIT } from '../../domain/discovery/constants.js';
import type { CollectionEntry, TopAppEntry } from '../../domain/discovery/curation.js';
import { currentCuratedList } from '../../projections/read-models/curation/queries.js';
import { documentTitlesByIds, keywordUsage, newestPerGroup, searchableCountsBy, topContributors } from '../../projections/read-models/search/queries.js';
import { resourceViewsByIds } from '../../projections/read-models/templates/queries.js';
import { resourceSchema } from './resources.js';

/** Most keywords answered by the keyword lists. */
const KEYWORD_LIST_LIMIT = 100;
const MAX_TOPIC_RESOURCES = 20;

const booleanFlag = z.enum(['true', 'false'], 'must be true or false').optional().transform((value) => value === 'true');
const entrySchema = z.object({ name: z.string(), label: z.string() });
const quickLinkSchema = z.object({ _id: z.string(), link: z.string(), img: z.string().nullable(), name: z.string() });

/** What the browsing lists are read from: the search documents, and the resources' cards. */
const BROWSING_READ_MODELS = ['search', 'templates', 'users'];

/** Browsing lists: topics, apps, keywords, explore, top contributors and the curated sidebar lists. */
export function discoveryRoutes(deps: { db: Kysely<Schema>; vault: PersonalDataVault }): FastifyPluginAsyncZod {
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
            limit: z.coerce.number('limit must be a number').int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_TOPIC_RESOURCES, `limit must be at most ${MAX_TOPIC_RESOURCES}`).default(TOPICS_REQUEST_LIMIT),
          }),
          response: { 200: z.array(z.object({ topic: entrySchema, resources: z.array(resourceSchema) })) },
        },
      },
      async (request) => {
        const { withResources, limit } = request.query;
        const ids = withResources ? await newestPerGroup(db, 'topic', TOPICS.map((topic) => topic.name), limit) : new Map<string, string[]>();
        return Promise.all(
          TOPICS.map(async (topic) => ({ topic: { name: topic.name, label: topic.label }, resources: await resourceViewsByIds(db, vault, ids.get(topic.name) ?? []) })),
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
      async (request) => {
        if (!request.query.includeCounts) return APPS.map(({ name, label }) => ({ name, label }));
        const rows = await searchableCountsBy(db, 'platform');
        const counts = new Map(rows.map((row) => [row.value, row.count]));
        return APPS.map(({ name, label }) => ({ name, label, count: counts.get(name) ?? 0 }));
      },
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
        return rows.map(({ value: term, count }) => ({ _id: `${column}:${term}`, term, platform: column === 'platform' ? term : null, count }));
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

    app.get(
      '/explore',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS },
        schema: {
          summary: 'The most used tags, each with its count and newest resources',
          tags: ['browse'],
          response: {
            200: z.array(z.object({ term: z.string(), count: z.number(), resources: z.array(z.object({ _id: z.string(), title: z.string(), titleUrl: z.string() })) })),
          },
        },
      },
      async () => {
        const tags = await keywordUsage(db, HIDDEN_KEYWORDS, EXPLORE_TAG_COUNT);
        const ids = await newestPerGroup(db, 'keyword', tags.map((tag) => tag.term), EXPLORE_MAX_RESOURCES_PER_TAG);
        const allIds = [...ids.values()].flat();
        const rows = await documentTitlesByIds(db, allIds);
        const titles = new Map(rows.map((row) => [row.id, row]));
        return tags.map((tag) => ({
          term: tag.term,
          count: tag.count,
          resources: (ids.get(tag.term) ?? []).flatMap((id) => {
            const row = titles.get(id);
            return row ? [{ _id: id, title: row.title, titleUrl: row.title_url }] : [];
          }),
        }));
      },
    );

    app.get(
      '/users/topcontributors',
      {
        config: { access: 'anyone', publicCache: BROWSING_READ_MODELS },
        schema: {
          summary: 'Creators with the most live resources',
          tags: ['browse'],
          response: {
            200: z.array(z.object({ _id: z.string(), username: z.string(), isVerified: z.boolean(), postCount: z.number(), info: z.object({ thumbnail: z.string().nullable() }) })),
          },
        },
      },
      async () => {
        const rows = await topContributors(db, TOP_CONTRIBUTORS_LIMIT);
        // Verification and pictures are not in the users read model yet (accounts work): shown as unverified, no picture.
        return rows.map((row) => ({ _id: row.id, username: row.username, isVerified: false, postCount: row.post_count, info: { thumbnail: null } }));
      },
    );

    app.get(
      '/collections',
      { config: { access: 'anyone', publicCache: ['curation'] }, schema: { summary: 'Quick links of the home sidebar (the collections editor sets them)', tags: ['browse'], response: { 200: z.array(quickLinkSchema.extend({ type: z.string() })) } } },
      async () => (await currentCuratedList(deps.db, 'collections')) as CollectionEntry[],
    );

    app.get(
      '/topapps',
      {
        config: { access: 'anyone', publicCache: ['curation'] },
        schema: { summary: 'Trending web tools of the home sidebar (the top apps editor sets them)', tags: ['browse'], response: { 200: z.array(quickLinkSchema.extend({ description: z.string() })) } },
      },
      async () => (await currentCuratedList(deps.db, 'topapps')) as TopAppEntry[],
    );
  };
}
