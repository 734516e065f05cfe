import type { Database } from '../../src/adapters/db/database.js';
import { createPostgresEventStore } from '../../src/adapters/eventstore/postgres.js';
import { withUpcasting } from '../../src/adapters/eventstore/upcasting.js';
import type { SearchOrder, SearchRequest } from '../../src/adapters/search/port.js';
import { createPostgresSearchIndex } from '../../src/projections/read-models/search/postgres-index.js';
import { createPostgresVault } from '../../src/adapters/vault/vault.js';
import { resourceViewsByIds } from '../../src/projections/read-models/templates/queries.js';
import { createCommandBus } from '../../src/commands/bus/handle-command.js';
import { cataloguePlan, random, seedCatalogueInBulk, type CatalogueSize } from '../../src/composition/demo-catalogue.js';
import { APPS } from '../../src/domain/catalogue/taxonomy.js';
import { SEARCH_DEFAULT_LIMIT } from '../../src/domain/discovery/constants.js';
import { searchWords } from '../../src/domain/discovery/search-text.js';
import { upcasters } from '../../src/domain/upcasters.js';
import { searchProjection } from '../../src/projections/read-models/search/projection.js';
import { templatesProjection } from '../../src/projections/read-models/templates/projection.js';
import { usersProjection } from '../../src/projections/read-models/users/projection.js';
import { ProjectionRunner } from '../../src/projections/runner.js';
import { elapsedSeconds } from './measure.js';
import { SEARCH_KINDS, searchTexts, titleWords, withTypo, type SearchKind } from './search-queries.js';

/** The catalogue at BENCH_SCALE 1: 100 000 templates, about half a like each. */
export const BASE_SEARCH_CATALOGUE: CatalogueSize = { users: 1_000, templates: 100_000, seed: 42, likeChance: 0.0005 };
const QUERY_COUNT = 200;
/** A fifth of the queries carry a typo. */
const TYPO_SHARE = 0.2;
const WARM_UP_QUERIES = 20;
/** Queries of each kind people type (SEARCH_KINDS), in best-match order as the search box sends them. */
const QUERIES_PER_KIND = 40;

export interface LatencySummary {
  queries: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface SearchMeasurement {
  templates: number;
  events: number;
  seedSeconds: number;
  /** Building the search projection (the Postgres index) from the whole log. */
  indexBuildSeconds: number;
  /** The index query alone (ids and total of one page). */
  query: LatencySummary;
  queryWithTypos: LatencySummary;
  /** The query plus loading the page's resources, as GET /api/resources/search answers. */
  queryAndPage: LatencySummary;
  /** Per kind of text people type: the query alone, and with the page of resources. */
  byKind: { kind: SearchKind; query: LatencySummary; queryAndPage: LatencySummary; empty: number }[];
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

function summarise(durationsMs: readonly number[]): LatencySummary {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return { queries: sorted.length, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), maxMs: sorted[sorted.length - 1]! };
}

/**
 * Queries people type: one to three words of existing titles, some with a typo (in words of five
 * letters or more), under every order, a fifth filtered by app and a few with no text at all.
 */
export function benchQueries(size: CatalogueSize): { request: SearchRequest; typo: boolean }[] {
  const { templates } = cataloguePlan({ ...size, templates: Math.min(size.templates, 5_000) });
  const next = random(size.seed + 1);
  const orders: SearchOrder[] = ['relevance', 'relevance', 'date_desc', 'most_pop_90'];
  return Array.from({ length: QUERY_COUNT }, (_, index) => {
    const title = templates[Math.floor(next() * templates.length)]!.content.title;
    const words = searchWords(title);
    const start = Math.floor(next() * words.length);
    let picked = words.slice(start, start + 1 + Math.floor(next() * 3));
    const typo = index < QUERY_COUNT * TYPO_SHARE;
    if (typo) picked = picked.map((word) => (word.length >= 5 ? withTypo(word, next) : word));
    const text = index % 25 === 24 ? '' : picked.join(' ');
    const platform = next() < 0.2 ? APPS[Math.floor(next() * APPS.length)]!.name : undefined;
    return {
      request: {
        text,
        filters: platform ? { platform } : {},
        order: orders[index % orders.length]!,
        offset: 0,
        limit: SEARCH_DEFAULT_LIMIT,
      },
      typo,
    };
  });
}

export async function benchSearch(database: Database, scale: number, log: (line: string) => void): Promise<SearchMeasurement> {
  const size: CatalogueSize = { ...BASE_SEARCH_CATALOGUE, templates: Math.max(100, Math.round(BASE_SEARCH_CATALOGUE.templates * scale)) };
  const store = withUpcasting(createPostgresEventStore(database), upcasters);
  const vault = createPostgresVault(database.db);

  log(`seeding ${size.templates.toLocaleString('en-US')} templates in bulk through the deciders`);
  const seedSeconds = await elapsedSeconds(async () => {
    let lastLine = 0;
    await seedCatalogueInBulk({ store, vault, commands: createCommandBus(store, upcasters) }, size, {
      onProgress: (progress) => {
        if (Date.now() - lastLine > 10_000 || progress.done === progress.total) {
          log(`  ${progress.phase}: ${progress.done.toLocaleString('en-US')} / ${progress.total.toLocaleString('en-US')}`);
          lastLine = Date.now();
        }
      },
    });
  });
  const events = await store.countAfter(-1n);

  const runner = new ProjectionRunner(database.db, database.kind, store, [usersProjection, templatesProjection, searchProjection], {
    batchSize: 1_000,
  });
  log('building the search index (search projection)');
  const indexBuildSeconds = await elapsedSeconds(async () => void (await runner.rebuild(searchProjection)));
  log('building the users and templates read models (for the page of resources)');
  await runner.rebuild(usersProjection);
  await runner.rebuild(templatesProjection);

  const index = createPostgresSearchIndex(database.db, database.kind, runner);
  const queries = benchQueries(size);
  for (const { request } of queries.slice(0, WARM_UP_QUERIES)) await index.search(request);

  const plain: number[] = [];
  const typos: number[] = [];
  const paged: number[] = [];
  let empty = 0;
  for (const { request, typo } of queries) {
    const startedAt = performance.now();
    const hits = await index.search(request);
    const queried = performance.now();
    await resourceViewsByIds(database.db, vault, hits.ids);
    const loaded = performance.now();
    (typo ? typos : plain).push(queried - startedAt);
    paged.push(loaded - startedAt);
    if (hits.total === 0) empty += 1;
  }
  log(`${queries.length} queries, ${empty} without results`);

  const titles = titleWords(size);
  const byKind: SearchMeasurement['byKind'] = [];
  for (const [kindIndex, kind] of SEARCH_KINDS.entries()) {
    const alone: number[] = [];
    const withPage: number[] = [];
    let kindEmpty = 0;
    for (const text of searchTexts(titles, kind, QUERIES_PER_KIND, size.seed + 100 + kindIndex)) {
      const request: SearchRequest = { text, filters: {}, order: 'relevance', offset: 0, limit: SEARCH_DEFAULT_LIMIT };
      const startedAt = performance.now();
      const hits = await index.search(request);
      const queried = performance.now();
      await resourceViewsByIds(database.db, vault, hits.ids);
      alone.push(queried - startedAt);
      withPage.push(performance.now() - startedAt);
      if (hits.total === 0) kindEmpty += 1;
    }
    log(`${kind}: ${alone.length} queries, ${kindEmpty} without results`);
    byKind.push({ kind, query: summarise(alone), queryAndPage: summarise(withPage), empty: kindEmpty });
  }
  return {
    templates: size.templates,
    events,
    seedSeconds,
    indexBuildSeconds,
    query: summarise([...plain, ...typos]),
    queryWithTypos: summarise(typos),
    queryAndPage: summarise(paged),
    byKind,
  };
}
