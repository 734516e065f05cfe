import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { APPS, TOPICS } from '../../../domain/catalogue/taxonomy.js';
import { POPULARITY_WINDOW_DAYS } from '../../../domain/discovery/constants.js';
import { searchWords } from '../../../domain/discovery/search-text.js';
import type { RecordedEvent, RecordedOneOf } from '../../../domain/shared/events.js';
import type { LikeEvent, SaveEvent, TemplateViewed } from '../../../domain/engagement/events.js';
import { TEMPLATE_EVENT_TYPES, type EditableContent, type TemplateEvent, type TemplateSubmitted } from '../../../domain/templates/events.js';
import { isSearchable, statusAfter, STATUS, type StoredStatus } from '../../../domain/templates/lifecycle.js';
import { defineProjection, type GenerationTables } from '../../projection.js';
import { rowsJson, writeRows } from '../../set-based.js';
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

const isPopularityEvent = (event: RecordedOneOf<TemplateEvent | PopularityEvent>): event is RecordedOneOf<PopularityEvent> => Object.hasOwn(ENGAGEMENT_WEIGHTS, event.type);

/**
 * The Postgres search index (src/adapters/search/postgres.ts reads it; the Meilisearch feeder
 * mirrors it): one row per template with a weighted tsvector, popularity over 90 days, and the
 * vocabulary that typos are corrected against.
 */
export const searchProjection = defineProjection({
  name: 'search',
  version: 5,
  handles: [...TEMPLATE_EVENT_TYPES, ...(Object.keys(ENGAGEMENT_WEIGHTS) as PopularityEvent['type'][])],
  tables: ['search_documents', 'search_popularity', 'search_engagement', 'search_words', 'search_word_templates'],
  async createTables(trx, t) {
    await createSearchTables(trx, t);
    await addWords(trx, t, TAXONOMY_WORDS);
  },
  createIndexes: createSearchIndexes,
  // Set-based: a few statements per batch rather than per event, so a rebuild of 100 000 templates takes seconds, not minutes.
  async apply(trx, events, t) {
    const submissions = new Map<string, RecordedEvent<TemplateSubmitted>>();
    /** Per template, where the batch leaves it: the last status, and the edits merged in order. */
    const changes = new Map<string, { position: bigint; status: StoredStatus | null; title?: string; description?: string; keywords?: string[]; priceCents?: number }>();
    const engagements = new Map<string, RecordedOneOf<PopularityEvent>>();
    /** Per engaged template, the position of its latest engagement event in this batch. */
    const engaged = new Map<string, bigint>();
    for (const event of events) {
      const { templateId } = event.data;
      if (event.type === 'TemplateSubmitted') {
        if (!submissions.has(templateId)) submissions.set(templateId, event);
      } else if (isPopularityEvent(event)) {
        engagements.set(event.id, event);
        engaged.set(templateId, event.position);
      } else if (event.type === 'TemplatePriceChanged') {
        // No status change: the batch's last status (if any) stays, the price (free / paid filter) follows.
        const previous = changes.get(templateId);
        changes.set(templateId, { ...previous, status: previous?.status ?? null, position: event.position, priceCents: Math.round(event.data.to * 100) });
      } else {
        const status = statusAfter(event);
        if (status === undefined) continue;
        const change = { ...changes.get(templateId), position: event.position, status };
        const { title, description, keywords } = publishedContent(event);
        if (title !== undefined) change.title = title;
        if (description !== undefined) change.description = description;
        if (keywords !== undefined) change.keywords = keywords;
        changes.set(templateId, change);
      }
    }

    await writeRows(
      trx,
      t.search_documents,
      [...submissions.values()].map(({ data, metadata, position }) => ({
        id: data.templateId,
        title_url: data.titleUrl,
        title: data.title,
        description: data.description,
        keywords: data.keywords,
        tag_text: [...data.keywords, data.platform, data.topic.replaceAll('_', ' ')].join(' '),
        topic: data.topic,
        platform: data.platform,
        price_cents: Math.round(data.price * 100),
        status: STATUS.underReview,
        searchable: isSearchable(STATUS.underReview),
        author_id: data.authorId,
        created_at: new Date(metadata.occurredAt),
        last_position: position,
      })),
      { conflict: ['id'] },
    );

    if (changes.size > 0) {
      type Change = [string, { position: bigint; status: StoredStatus | null; title?: string; description?: string; keywords?: string[]; priceCents?: number }];
      // A price change (no status of its own) goes with the content changes: its row keeps the status it has.
      const hasContent = ([, change]: Change) => change.title !== undefined || change.description !== undefined || change.keywords !== undefined || change.priceCents !== undefined;
      const returned = sql`returning d.id, d.title, d.keywords, d.searchable`;
      type Changed = { id: string; title: string; keywords: string[]; searchable: boolean };
      const changed: Changed[] = [];
      // Most changes are status only: updating no text column spares recomputing the document's tsvector.
      const statusOnly = [...changes].filter((change) => !hasContent(change));
      if (statusOnly.length > 0) {
        const values = rowsJson(statusOnly.map(([id, change]) => ({ id, position: change.position, status: change.status, searchable: change.status === null ? null : isSearchable(change.status) })));
        const { rows } = await sql<Changed>`
          update ${sql.id(t.search_documents)} d
          set status = v.status, searchable = v.searchable, last_position = v.position
          from jsonb_to_recordset(${values}::jsonb) as v(id text, position bigint, status text, searchable boolean)
          where d.id = v.id and d.last_position < v.position
          ${returned}`.execute(trx);
        changed.push(...rows);
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
        const { rows } = await sql<Changed>`
          update ${sql.id(t.search_documents)} d
          set status = coalesce(v.status, d.status),
              searchable = coalesce(v.searchable, d.searchable),
              price_cents = coalesce(v.price_cents, d.price_cents),
              title = coalesce(v.title, d.title),
              description = coalesce(v.description, d.description),
              keywords = case when v.keywords is null then d.keywords else array(select jsonb_array_elements_text(v.keywords)) end,
              tag_text = array_to_string(case when v.keywords is null then d.keywords else array(select jsonb_array_elements_text(v.keywords)) end, ' ')
                || ' ' || d.platform || ' ' || replace(d.topic, '_', ' '),
              last_position = v.position
          from jsonb_to_recordset(${values}::jsonb) as v(id text, position bigint, status text, searchable boolean, price_cents integer, title text, description text, keywords jsonb)
          where d.id = v.id and d.last_position < v.position
          ${returned}`.execute(trx);
        changed.push(...rows);
      }
      await replaceTemplateWords(trx, t, changed);
    }

    if (engagements.size > 0) {
      await writeRows(
        trx,
        t.search_engagement,
        [...engagements.values()].map((event) => ({
          event_id: event.id,
          template_id: event.data.templateId,
          weight: ENGAGEMENT_WEIGHTS[event.type],
          occurred_at: new Date(event.metadata.occurredAt),
        })),
        { conflict: ['event_id'] },
      );
      // Derived from the stored events, so a replayed batch cannot count twice. Only engaged templates with a document count.
      const window = sql.raw(`interval '${POPULARITY_WINDOW_DAYS} days'`);
      const engagement = sql.id(t.search_engagement);
      const popularity = sql.id(t.search_popularity);
      await sql`
        insert into ${popularity} (template_id, popularity_90, last_engaged_at, last_position)
        select v.id, greatest(0, coalesce(p.popularity, 0)), p.latest, v.position
        from jsonb_to_recordset(${rowsJson([...engaged].map(([id, position]) => ({ id, position })))}::jsonb) as v(id text, position bigint)
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
  },
});

/** Topic and app names are words people search for even before a template uses them: they always stay. */
const TAXONOMY_WORDS: readonly string[] = [...TOPICS, ...APPS].flatMap((entry) => [...searchWords(entry.name.replaceAll('_', ' ')), ...searchWords(entry.label)]);

/**
 * The content an event makes findable: an edit of a post nobody sees yet at once, an edit of a
 * public post only when a moderator approves it (the approved version stays findable meanwhile).
 */
function publishedContent(event: TemplateEvent): Partial<EditableContent> {
  if (event.type === 'TemplateApproved') return event.data.published ?? {};
  if (event.type === 'TemplateEdited' && statusAfter(event) === STATUS.underReview) return event.data.changes;
  return {};
}

/**
 * The vocabulary typos are corrected against is the words of what can be found now: a changed
 * template's words are replaced by its current ones (none when it cannot be found), and a word no
 * template uses any more goes. So applying the log event by event leaves the same words as a rebuild.
 */
async function replaceTemplateWords(trx: Kysely<Schema>, t: GenerationTables, changed: readonly { id: string; title: string; keywords: string[]; searchable: boolean }[]): Promise<void> {
  if (changed.length === 0) return;
  const { rows: dropped } = await sql<{ word: string }>`
    delete from ${sql.id(t.search_word_templates)}
    where template_id in (select jsonb_array_elements_text(${JSON.stringify(changed.map((row) => row.id))}::jsonb))
    returning word`.execute(trx);
  const uses = changed
    .filter((row) => row.searchable)
    .flatMap((row) => [...new Set([...searchWords(row.title), ...row.keywords.flatMap(searchWords)])].filter((word) => word.length > 1).map((word) => ({ word, template_id: row.id })));
  await writeRows(trx, t.search_word_templates, uses, { conflict: ['word', 'template_id'] });
  await addWords(trx, t, uses.map((use) => use.word));
  const taxonomy = new Set(TAXONOMY_WORDS);
  const unused = [...new Set(dropped.map((row) => row.word))].filter((word) => !taxonomy.has(word));
  if (unused.length === 0) return;
  await trx
    .deleteFrom(t.search_words)
    .where('word', 'in', unused)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom(t.search_word_templates).select('word').whereRef(`${t.search_word_templates}.word`, '=', `${t.search_words}.word`))))
    .execute();
}

async function addWords(trx: Kysely<Schema>, t: GenerationTables, words: readonly string[]): Promise<void> {
  const unique = [...new Set(words)].filter((word) => word.length > 1);
  if (unique.length === 0) return;
  await writeRows(trx, t.search_words, unique.map((word) => ({ word })), { conflict: ['word'] });
}
