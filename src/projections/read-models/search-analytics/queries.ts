import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import { POPULAR_TERM_MAX_LENGTH, POPULAR_TERM_MIN_MEMBERS } from '../../../domain/discovery/constants.js';

/** How alike (trigram similarity) a term must be to the query to count as close to it. */
const CLOSE_TERM_SIMILARITY = 0.3;

/**
 * The most searched terms that may be shown: all of them when `words` is empty, otherwise those containing one of
 * the words or close to `normalisedQuery`, most searched first.
 */
export async function mostSearchedTerms(
  db: Kysely<Schema>,
  words: readonly string[],
  normalisedQuery: string,
  limit: number,
): Promise<string[]> {
  // Shown only when the term found live posts or enough different members searched it (anyone can search), is short
  // enough for a chip, and no admin removed it.
  let select = db
    .selectFrom('search_terms')
    .select('term')
    .where('removed', '=', false)
    .where(sql<number>`char_length(term)`, '<=', POPULAR_TERM_MAX_LENGTH)
    .where((eb) => eb.or([eb('found_posts', '=', true), eb('members', '>=', POPULAR_TERM_MIN_MEMBERS)]));
  if (words.length > 0) {
    select = select.where((eb) =>
      eb.or([
        ...words.map((word) => eb('term', 'like', `%${word}%`)),
        eb(sql<number>`public.similarity(term, ${normalisedQuery})`, '>', CLOSE_TERM_SIMILARITY),
      ]),
    );
  }
  const rows = await select.orderBy('searches', 'desc').orderBy('last_searched_at', 'desc').limit(limit).execute();
  return rows.map((row) => row.term);
}
