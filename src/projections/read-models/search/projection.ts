import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { APPS, TOPICS } from '../../../domain/catalogue/taxonomy.js';
import { POPULARITY_WINDOW_DAYS } from '../../../domain/discovery/constants.js';
import { searchWords } from '../../../domain/discovery/search-text.js';
import type { RecordedEvent, RecordedOneOf } from '../../../domain/shared/events.js';
import type { LikeEvent, SaveEvent, TemplateViewed } from '../../../domain/engagement/events.js';
import { TEMPLATE_EVENT_TYPES, type TemplateEvent, type TemplateSubmitted } from '../../../domain/templates/events.js';
import { isSearchable, publishedContent, statusAfter, STATUS, type StoredStatus } from '../../../domain/templates/lifecycle.js';
import { defineProjection } from '../../projection.js';
import type { GenerationTables } from '../tables.js';
import { prepareDeleteRows, prepareWriteRows, rowsJson, selectRows, writeRows, type BatchWrite } from '../../set-based.js';
import { createSearchIndexes, createSearchTables } from './tables.js';

/** The engagement events popularity counts. */
type PopularityEvent = LikeEvent | SaveEvent | TemplateViewed;

/** Engagement events and what each adds to popularity. */
const ENGAGEMENT_WEIGHTS: Readonly<Record<PopularityEvent['type'], number>> = {
  TemplateLiked: 1,
  TemplateUnliked: -1,
  TemplateSaved: 1,
  TemplateUnsaved: -1,
  TemplateViewed: 1,
};

const isPopularityEvent = (event: RecordedOneOf<TemplateEvent | PopularityEvent>): event is RecordedOneOf<PopularityEvent> =>
  Object.hasOwn(ENGAGEMENT_WEIGHTS, event.type);

/**
 * The Postgres search index (src/adapters/search/postgres.ts reads it; the Meilisearch feeder
 * mirrors it): one row per template with a weighted tsvector, popularity over 90 days, and the
 * vocabulary that typos are corrected against.
 */
export const searchProjection = defineProjection({
  name: 'search',
  version: 9,
  handles: [...TEMPLATE_EVENT_TYPES, ...(Object.keys(ENGAGEMENT_WEIGHTS) as PopularityEvent['type'][])],
  tables: ['search_documents', 'search_popularity', 'search_engagement', 'search_words', 'search_word_templates'],
  async createTables(trx, t) {
    await createSearchTables(trx, t);
    await addWords(trx, t, TAXONOMY_WORDS);
  },
  createIndexes: createSearchIndexes,
  // Set-based: a few statements per batch rather than per event, so a rebuild of 100 000 templates takes seconds, not minutes.
  // A template submitted in the batch is written once, with what the rest of the batch did to it.
  prepare(events, t, phase) {
    const submitted = new Map<string, SubmittedDocument>();
    /** Per template, where the batch leaves it: the last status, and the edits merged in order. */
    const changes = new Map<string, Change>();
    const engagements: RecordedOneOf<PopularityEvent>[] = [];
    /** Per engaged template, the position of its latest engagement event in this batch. */
    const engaged = new Map<string, bigint>();
    for (const event of events) {
      const { templateId } = event.data;
      const document = submitted.get(templateId);
      if (event.type === 'TemplateSubmitted') {
        if (!document) submitted.set(templateId, submittedDocument(event));
      } else if (isPopularityEvent(event)) {
        engagements.push(event);
        engaged.set(templateId, event.position);
      } else if (event.type === 'TemplatePriceChanged') {
        const priceCents = Math.round(event.data.to * 100);
        if (document) Object.assign(document, { price_cents: priceCents, last_position: event.position });
        else {
          // No status change: the batch's last status (if any) stays, the price (free / paid filter) follows.
          const previous = changes.get(templateId);
          changes.set(templateId, { ...previous, status: previous?.status ?? null, position: event.position, priceCents });
        }
      } else {
        const status = statusAfter(event);
        if (status === undefined) continue;
        const { title, description, keywords } = publishedContent(event);
        if (document) {
          Object.assign(document, { status, searchable: isSearchable(status), last_position: event.position });
          if (title !== undefined) document.title = title;
          if (description !== undefined) document.description = description;
          if (keywords !== undefined) Object.assign(document, { keywords, tag_text: tagText(keywords, document.platform, document.topic) });
          continue;
        }
        const change: Change = { ...changes.get(templateId), position: event.position, status };
        if (title !== undefined) change.title = title;
        if (description !== undefined) change.description = description;
        if (keywords !== undefined) change.keywords = keywords;
        changes.set(templateId, change);
      }
    }

    // A rebuild derives the vocabulary and popularity once, in finishBuild: it needs no changed documents back.
    const live = phase === 'live';
    // A stored document a replay finds newer stays as it is. A template is submitted once (its stream's first
    // event): a generation being built, which applies each event once, holds no document of it yet.
    const writeSubmitted = prepareWriteRows<ChangedDocument>(t.search_documents, [...submitted.values()], {
      conflict: ['id'],
      update: DOCUMENT_COLUMNS.filter((column) => column !== 'id'),
      onlyNewer: true,
      returning: live ? CHANGED_DOCUMENT_COLUMNS : [],
      onlyNewRows: !live,
    });
    const writeChanges = prepareChanges(t, changes, live);
    const writeEngagements = prepareWriteRows(
      t.search_engagement,
      engagements.map((event) => ({
        position: event.position,
        template_id: event.data.templateId,
        weight: ENGAGEMENT_WEIGHTS[event.type],
        occurred_at: new Date(event.metadata.occurredAt),
      })),
      { conflict: ['position'], onlyNewRows: !live },
    );
    return async (trx) => {
      const changed = [...(await writeSubmitted(trx)), ...(await writeChanges(trx))];
      if (live) await replaceTemplateWords(trx, t, changed);
      await writeEngagements(trx);
      if (live && engaged.size > 0)
        await recountPopularity(
          trx,
          t,
          [...engaged].map(([id, position]) => ({ id, position })),
        );
    };
  },
  // Side by side: the vocabulary is mostly Node's work on the documents, the popularity the database's on the engagement.
  finishBuild: [rebuildVocabulary, (trx, t) => recountPopularity(trx, t, 'all')],
});

type SubmittedDocument = Record<(typeof DOCUMENT_COLUMNS)[number], unknown> & {
  title: string;
  description: string;
  keywords: string[];
  platform: string;
  topic: string;
};
const DOCUMENT_COLUMNS = [
  'id',
  'title_url',
  'title',
  'description',
  'keywords',
  'tag_text',
  'topic',
  'platform',
  'price_cents',
  'status',
  'searchable',
  'author_id',
  'created_at',
  'last_position',
] as const;
type Change = {
  position: bigint;
  status: StoredStatus | null;
  title?: string;
  description?: string;
  keywords?: string[];
  priceCents?: number;
};
type ChangedDocument = { id: string; title: string; keywords: string[]; searchable: boolean };
const CHANGED_DOCUMENT_COLUMNS = ['id', 'title', 'keywords', 'searchable'] as const satisfies readonly (keyof ChangedDocument)[];

function submittedDocument({ data, metadata, position }: RecordedEvent<TemplateSubmitted>): SubmittedDocument {
  return {
    id: data.templateId,
    title_url: data.titleUrl,
    title: data.title,
    description: data.description,
    keywords: data.keywords,
    tag_text: tagText(data.keywords, data.platform, data.topic),
    topic: data.topic,
    platform: data.platform,
    price_cents: Math.round(data.price * 100),
    status: STATUS.underReview,
    searchable: isSearchable(STATUS.underReview),
    author_id: data.authorId,
    created_at: new Date(metadata.occurredAt),
    last_position: position,
  };
}

/** Keywords, app and topic as one text (the tsvector's B weight); the SQL in applyChanges builds the same. */
function tagText(keywords: readonly string[], platform: string, topic: string): string {
  return [...keywords, platform, topic.replaceAll('_', ' ')].join(' ');
}

/** The batch's changes to documents stored before it; its write answers the documents changed (when `answer`). */
function prepareChanges(t: GenerationTables, changes: ReadonlyMap<string, Change>, answer: boolean): BatchWrite<ChangedDocument[]> {
  type Entry = [string, Change];
  // A price change (no status of its own) goes with the content changes: its row keeps the status it has.
  const hasContent = ([, change]: Entry) =>
    change.title !== undefined || change.description !== undefined || change.keywords !== undefined || change.priceCents !== undefined;
  const returned = answer ? sql`returning ${sql.join(CHANGED_DOCUMENT_COLUMNS.map((column) => sql.ref(`d.${column}`)))}` : sql``;
  const statements: RawBuilder<ChangedDocument>[] = [];
  // Most changes are status only: updating no text column spares recomputing the document's tsvector.
  const statusOnly = [...changes].filter((change) => !hasContent(change));
  if (statusOnly.length > 0) {
    const values = rowsJson(
      statusOnly.map(([id, change]) => ({
        id,
        position: change.position,
        status: change.status,
        searchable: change.status === null ? null : isSearchable(change.status),
      })),
    );
    statements.push(sql<ChangedDocument>`
      update ${sql.id(t.search_documents)} d
      set status = v.status, searchable = v.searchable, last_position = v.position
      from jsonb_to_recordset(${values}::jsonb) as v(id text, position bigint, status text, searchable boolean)
      where d.id = v.id and d.last_position < v.position
      ${returned}`);
  }
  const withContent = [...changes].filter(hasContent);
  if (withContent.length > 0) {
    const values = rowsJson(
      withContent.map(([id, change]) => ({
        id,
        position: change.position,
        status: change.status,
        searchable: change.status === null ? null : isSearchable(change.status),
        price_cents: change.priceCents ?? null,
        title: change.title ?? null,
        description: change.description ?? null,
        keywords: change.keywords ?? null,
      })),
    );
    const keywords = sql`case when v.keywords is null then d.keywords else array(select jsonb_array_elements_text(v.keywords)) end`;
    statements.push(sql<ChangedDocument>`
      update ${sql.id(t.search_documents)} d
      set status = coalesce(v.status, d.status),
          searchable = coalesce(v.searchable, d.searchable),
          price_cents = coalesce(v.price_cents, d.price_cents),
          title = coalesce(v.title, d.title),
          description = coalesce(v.description, d.description),
          keywords = ${keywords},
          tag_text = array_to_string(${keywords} || array[d.platform, replace(d.topic, '_', ' ')], ' '),
          last_position = v.position
      from jsonb_to_recordset(${values}::jsonb) as v(id text, position bigint, status text, searchable boolean, price_cents integer, title text, description text, keywords jsonb)
      where d.id = v.id and d.last_position < v.position
      ${returned}`);
  }
  return async (trx) => {
    const changed: ChangedDocument[] = [];
    for (const statement of statements) changed.push(...(await statement.execute(trx)).rows);
    return changed;
  };
}

/**
 * Popularity derived from the stored engagement events, so a replayed batch cannot count twice: of
 * the engaged templates (each with the position of its latest engagement event), or of every template
 * at the end of a rebuild. Only templates with a document count.
 */
async function recountPopularity(
  trx: Kysely<Schema>,
  t: GenerationTables,
  engaged: readonly { id: string; position: bigint }[] | 'all',
): Promise<void> {
  const window = sql.raw(`interval '${POPULARITY_WINDOW_DAYS} days'`);
  const engagement = sql.id(t.search_engagement);
  const popularity = sql.id(t.search_popularity);
  if (engaged === 'all') {
    // The latest event of a template is always in its window, so the sum is never null.
    await sql`delete from ${popularity}`.execute(trx);
    await sql`
      insert into ${popularity} (template_id, popularity_90, last_engaged_at, last_position)
      select e.template_id, greatest(0, sum(e.weight) filter (where e.occurred_at > m.latest - ${window}))::int, m.latest, m.position
      from ${engagement} e
      join (select template_id, max(occurred_at) as latest, max(position) as position from ${engagement} group by template_id) m on m.template_id = e.template_id
      where exists (select from ${sql.id(t.search_documents)} d where d.id = e.template_id)
      group by e.template_id, m.latest, m.position`.execute(trx);
    return;
  }
  await sql`
    insert into ${popularity} (template_id, popularity_90, last_engaged_at, last_position)
    select v.id, greatest(0, coalesce(p.popularity, 0)), p.latest, v.position
    from jsonb_to_recordset(${rowsJson(engaged)}::jsonb) as v(id text, position bigint)
    join ${sql.id(t.search_documents)} d on d.id = v.id
    cross join lateral (
      select sum(e.weight) filter (where e.occurred_at > m.latest - ${window})::int as popularity, m.latest
      from ${engagement} e, (select max(occurred_at) as latest from ${engagement} where template_id = v.id) m
      where e.template_id = v.id
      group by m.latest
    ) p
    on conflict (template_id) do update
    set popularity_90 = excluded.popularity_90, last_engaged_at = excluded.last_engaged_at,
        last_position = greatest(${popularity}.last_position, excluded.last_position)`.execute(trx);
}

/** Topic and app names are words people search for even before a template uses them: they always stay. */
const TAXONOMY_WORDS: readonly string[] = [...TOPICS, ...APPS].flatMap((entry) => [
  ...searchWords(entry.name.replaceAll('_', ' ')),
  ...searchWords(entry.label),
]);
const TAXONOMY_WORD_SET: ReadonlySet<string> = new Set(TAXONOMY_WORDS);

/**
 * The vocabulary typos are corrected against is the words of what can be found now: a changed
 * template's words are replaced by its current ones (none when it cannot be found), each word's uses
 * counted up or down by the difference, and a word no template uses any more goes. So applying the
 * log event by event leaves the same words as a rebuild; a replayed change finds its words stored
 * already and counts nothing.
 */
async function replaceTemplateWords(
  trx: Kysely<Schema>,
  t: GenerationTables,
  changed: readonly { id: string; title: string; keywords: string[]; searchable: boolean }[],
): Promise<void> {
  if (changed.length === 0) return;
  const { rows: stored } = await sql<{ template_id: string; words: string[] }>`
    select template_id, words from ${sql.id(t.search_word_templates)}
    where template_id in (select jsonb_array_elements_text(${JSON.stringify(changed.map((row) => row.id))}::jsonb))`.execute(trx);
  const storedWords = new Map(stored.map((row) => [row.template_id, row.words]));
  const uses = new Map<string, number>();
  const written: { template_id: string; words: string[] }[] = [];
  const unfindable: [string][] = [];
  for (const row of changed) {
    const before = storedWords.get(row.id) ?? [];
    const after = row.searchable ? vocabularyWords(row) : [];
    if (after.length === before.length && after.every((word, index) => word === before[index])) continue;
    for (const word of before) uses.set(word, (uses.get(word) ?? 0) - 1);
    for (const word of after) uses.set(word, (uses.get(word) ?? 0) + 1);
    if (after.length > 0) written.push({ template_id: row.id, words: after });
    else unfindable.push([row.id]);
  }
  await prepareDeleteRows(t.search_word_templates, ['template_id'], unfindable)(trx);
  await writeRows(trx, t.search_word_templates, written, { conflict: ['template_id'], update: ['words'] });
  const counted = [...uses].filter(([, change]) => change !== 0).map(([word, change]) => ({ word, uses: change }));
  if (counted.length === 0) return;
  await sql`
    insert into ${sql.id(t.search_words)} (word, uses) select word, uses from json_to_recordset(${rowsJson(counted)}::json) as c(word text, uses integer)
    ${addingToStoredUses(t)}`.execute(trx);
  const unused = counted.filter((count) => count.uses < 0 && !TAXONOMY_WORD_SET.has(count.word)).map((count) => count.word);
  if (unused.length > 0) await trx.deleteFrom(t.search_words).where('word', 'in', unused).where('uses', '<=', 0).execute();
}

/** The conflict clause of an insert into search_words whose `uses` are changes: a stored word's count takes them on. */
function addingToStoredUses(t: GenerationTables) {
  return sql`on conflict (word) do update set uses = ${sql.id(t.search_words)}.uses + excluded.uses`;
}

/** A template's distinct vocabulary words (longer than one letter): its title's, then its keywords'. */
function vocabularyWords(template: { title: string; keywords: string[] }): string[] {
  return [...new Set([...searchWords(template.title), ...template.keywords.flatMap(searchWords)])].filter((word) => word.length > 1);
}

/** Searchable documents read back per page while a rebuild derives the vocabulary: memory stays bounded. */
const VOCABULARY_PAGE_SIZE = 5_000;

/**
 * The whole vocabulary from the documents that can be found: what replaceTemplateWords leaves, in one
 * pass. Each page's templates and the uses of their words go in with one statement.
 */
async function rebuildVocabulary(trx: Kysely<Schema>, t: GenerationTables): Promise<void> {
  const wordTemplates = sql.id(t.search_word_templates);
  const words = sql.id(t.search_words);
  // A resumed rebuild runs this again: it starts from the topic and app words alone.
  await sql`truncate ${wordTemplates}, ${words}`.execute(trx);
  await addWords(trx, t, TAXONOMY_WORDS);
  for (let after = ''; ;) {
    const { rows } = await sql<{ id: string; title: string; keywords: string[] }>`
      select id, title, keywords from ${sql.id(t.search_documents)}
      where searchable and id > ${after} order by id limit ${VOCABULARY_PAGE_SIZE}`.execute(trx);
    if (rows.length === 0) break;
    const templates = rows.map((row) => ({ template_id: row.id, words: vocabularyWords(row) })).filter((row) => row.words.length > 0);
    after = rows[rows.length - 1]!.id;
    if (templates.length === 0) continue;
    await sql`
      with stored as (
        insert into ${wordTemplates} (template_id, words)
        select template_id, words from (${await selectRows(trx, t.search_word_templates, templates)}) v
        returning words)
      insert into ${words} (word, uses) select word, count(*)::int from stored, unnest(stored.words) as word group by word
      ${addingToStoredUses(t)}`.execute(trx);
  }
}

async function addWords(trx: Kysely<Schema>, t: GenerationTables, words: readonly string[]): Promise<void> {
  const unique = [...new Set(words)].filter((word) => word.length > 1);
  if (unique.length === 0) return;
  await writeRows(
    trx,
    t.search_words,
    unique.map((word) => ({ word })),
    { conflict: ['word'] },
  );
}
