import { sql, type Kysely } from 'kysely';
import { Meilisearch, type Index, type Task } from 'meilisearch';
import { BehaviorSubject, filter, firstValueFrom, map, race, take, timer } from 'rxjs';
import type { Schema } from '../db/schema.js';
import { POPULARITY_WINDOW_DAYS, SEARCH_TOTAL_CAP } from '../../domain/discovery/constants.js';
import { matchesNoTemplate, searchWords } from '../../domain/discovery/search-text.js';
import { START_OF_LOG } from '../eventstore/port.js';
import type { SearchDocumentFeed, SearchFeedRow, SearchFilters, SearchHits, SearchIndex, SearchRequest, TitleSuggestion } from './port.js';

export const DEFAULT_MEILI_INDEX = 'templates';
/** Documents sent per Meilisearch task. */
const FEED_BATCH_SIZE = 1_000;
/** An idle feeder looks for new rows this often (and whenever the search projection moves). */
const FEED_IDLE_MS = 1_000;
const TASK_TIMEOUT_MS = 60_000;
const DAY_MS = 86_400_000;

export interface MeilisearchOptions {
  host: string;
  apiKey?: string;
  indexUid?: string;
  /** Test runs use a throw-away index. */
  dropIndexOnStop?: boolean;
}

interface TemplateDocument {
  id: string;
  title: string;
  titleUrl: string;
  description: string;
  keywords: string[];
  topic: string;
  platform: string;
  price_cents: number;
  /** Epoch milliseconds, sortable. */
  created_at: number;
  popularity_90: number;
}

/**
 * Meilisearch fed from the search projection's rows: rows changed after the feeder's checkpoint
 * are upserted by id when searchable and deleted otherwise. The checkpoint (kept in Postgres)
 * moves only after Meilisearch reports the task succeeded, so a crash or a failed task
 * re-sends rather than loses. Popularity is as of the time a row was sent.
 */
export function createMeilisearchIndex(options: MeilisearchOptions, db: Kysely<Schema>, feed: SearchDocumentFeed): SearchIndex {
  const client = new Meilisearch({ host: options.host, apiKey: options.apiKey });
  const indexUid = options.indexUid ?? DEFAULT_MEILI_INDEX;
  const index: Index<TemplateDocument> = client.index<TemplateDocument>(indexUid);
  const checkpoint = new BehaviorSubject<bigint>(START_OF_LOG);
  const stopSignal = new BehaviorSubject(false);
  let feeding: Promise<void> | undefined;

  async function configure(): Promise<void> {
    await configureIndex(client, index, indexUid);
    await sql`create table if not exists search_feed_checkpoints (index_uid text primary key, checkpoint bigint not null)`.execute(db);
    const row = await sql<{ checkpoint: bigint }>`select checkpoint from search_feed_checkpoints where index_uid = ${indexUid}`.execute(db);
    checkpoint.next(row.rows[0] ? BigInt(row.rows[0].checkpoint) : START_OF_LOG);
  }

  /** Sends one batch; answers false when there was nothing new. */
  async function feedOnce(): Promise<boolean> {
    const from = checkpoint.value;
    const { projected, rows } = await feed.changedSince(from, FEED_BATCH_SIZE);
    const reached = rows.length === FEED_BATCH_SIZE ? BigInt(rows[rows.length - 1]!.last_position) : projected;
    if (reached <= from) return false;
    const windowStart = Date.now() - POPULARITY_WINDOW_DAYS * DAY_MS;
    const upserts = rows.filter((row) => row.searchable).map((row) => toTemplateDocument(row, windowStart));
    const removals = rows.filter((row) => !row.searchable).map((row) => row.id);
    if (upserts.length > 0) await succeeded(index.addDocuments(upserts, { primaryKey: 'id' }).waitTask({ timeout: TASK_TIMEOUT_MS }));
    if (removals.length > 0) await succeeded(index.deleteDocuments(removals).waitTask({ timeout: TASK_TIMEOUT_MS }));
    await sql`
      insert into search_feed_checkpoints (index_uid, checkpoint) values (${indexUid}, ${reached})
      on conflict (index_uid) do update set checkpoint = excluded.checkpoint`.execute(db);
    checkpoint.next(reached);
    return true;
  }

  async function follow(): Promise<void> {
    while (!stopSignal.value) {
      try {
        if (await feedOnce()) continue;
      } catch (error) {
        // Meilisearch unreachable or a task failed: the checkpoint stayed, so the batch is re-sent.
        console.error(`search index ${indexUid}: ${error instanceof Error ? error.message : String(error)}`);
      }
      await firstValueFrom(race(timer(FEED_IDLE_MS), stopSignal.pipe(filter(Boolean))).pipe(take(1)));
    }
  }

  return {
    // Meilisearch indexes in its own time, after the feeder's checkpoint moved.
    answersFromReadModels: false,
    description: `meilisearch (${new URL(options.host).host}, index ${indexUid})`,
    async start() {
      await configure();
      feeding = follow();
    },
    async stop() {
      stopSignal.next(true);
      await feeding;
      if (options.dropIndexOnStop) await succeeded(client.deleteIndex(indexUid).waitTask({ timeout: TASK_TIMEOUT_MS }));
    },
    async waitFor(position, timeoutMs) {
      // The projection must pass the position first, then the feeder must send what it wrote.
      const deadline = Date.now() + timeoutMs;
      if (!(await feed.waitForProjection(position, timeoutMs))) return false;
      const reached = checkpoint.pipe(
        filter((value) => value >= position),
        map(() => true),
      );
      return firstValueFrom(race(reached, timer(Math.max(0, deadline - Date.now())).pipe(map(() => false))).pipe(take(1)));
    },
    search: (request) => search(index, request),
    suggestTitles: (typed, limit) => suggestTitles(index, typed, limit),
  };
}

async function succeeded(task: Promise<Task>): Promise<void> {
  const done = await task;
  if (done.status !== 'succeeded')
    throw new Error(`Meilisearch task ${done.uid} (${done.type}) ${done.status}: ${done.error?.message ?? 'no reason given'}`);
}

/** Creates the index when missing and sets what it searches, filters and sorts on. */
async function configureIndex(client: Meilisearch, index: Index<TemplateDocument>, indexUid: string): Promise<void> {
  const exists = await index.getRawInfo().then(
    () => true,
    () => false,
  );
  if (!exists) await succeeded(client.createIndex(indexUid, { primaryKey: 'id' }).waitTask({ timeout: TASK_TIMEOUT_MS }));
  await succeeded(
    index
      .updateSettings({
        searchableAttributes: ['title', 'keywords', 'platform', 'topic', 'description'],
        filterableAttributes: ['topic', 'platform', 'keywords', 'price_cents'],
        sortableAttributes: ['created_at', 'popularity_90'],
        displayedAttributes: ['id', 'title', 'titleUrl'],
        typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
        pagination: { maxTotalHits: SEARCH_TOTAL_CAP },
      })
      .waitTask({ timeout: TASK_TIMEOUT_MS }),
  );
}

async function search(index: Index<TemplateDocument>, request: SearchRequest): Promise<SearchHits> {
  if (matchesNoTemplate(request.text)) return { ids: [], total: 0 };
  const text = searchWords(request.text).join(' ');
  const answer = await index.search(text, {
    filter: filters(request.filters),
    sort: sortOf(request, text !== ''),
    offset: request.offset,
    limit: request.limit,
    attributesToRetrieve: ['id'],
  });
  return { ids: answer.hits.map((hit) => hit.id), total: Math.min(SEARCH_TOTAL_CAP, answer.estimatedTotalHits ?? answer.hits.length) };
}

async function suggestTitles(index: Index<TemplateDocument>, typed: string, limit: number): Promise<TitleSuggestion[]> {
  const text = searchWords(typed).join(' ');
  if (text === '') return [];
  // A suggestion holds every typed word (spec 5).
  const answer = await index.search(text, { limit, matchingStrategy: 'all', attributesToRetrieve: ['id', 'title', 'titleUrl'] });
  return answer.hits.map((hit) => ({ id: hit.id, title: hit.title, titleUrl: hit.titleUrl }));
}

/** A searchable row as sent: popularity counts only when the row was engaged with inside the window. */
function toTemplateDocument(row: SearchFeedRow, windowStart: number): TemplateDocument {
  return {
    id: row.id,
    title: row.title,
    titleUrl: row.title_url,
    description: row.description,
    keywords: row.keywords,
    topic: row.topic,
    platform: row.platform,
    price_cents: row.price_cents,
    created_at: new Date(row.created_at).getTime(),
    popularity_90: row.last_engaged_at && new Date(row.last_engaged_at).getTime() > windowStart ? row.popularity_90 : 0,
  };
}

function filters(request: SearchFilters): string[] {
  const quoted = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  const result: string[] = [];
  if (request.topic !== undefined) result.push(`topic = ${quoted(request.topic)}`);
  if (request.platform !== undefined) result.push(`platform = ${quoted(request.platform)}`);
  if (request.keywords !== undefined && request.keywords.length > 0)
    result.push(`keywords IN [${request.keywords.map(quoted).join(', ')}]`);
  if (request.price === 'free') result.push('price_cents = 0');
  if (request.price === 'paid') result.push('price_cents > 0');
  return result;
}

function sortOf(request: SearchRequest, hasText: boolean): string[] | undefined {
  if (request.order === 'most_pop_90') return ['popularity_90:desc', 'created_at:desc'];
  if (request.order === 'date_desc' || !hasText) return ['created_at:desc'];
  return undefined;
}
