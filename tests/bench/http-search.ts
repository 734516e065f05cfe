import type { CatalogueSize } from '../../src/composition/demo-catalogue.js';
import { PUBLIC_CACHE_HEADER } from '../../src/api/read-cache.js';
import { SEARCH_KINDS, searchTexts, titleWords, type SearchKind } from './search-queries.js';

/** Distinct texts per kind, each asked once: none is in the public cache. */
const QUERIES_PER_KIND = 30;
/** Queries asked (and not timed) before, so the first timed one does not pay the connection pool's start. */
const WARM_UP_QUERIES = 5;

export interface HttpSearchKind {
  kind: SearchKind;
  queries: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Answers with no result: a typo that found nothing is a lost hit. */
  empty: number;
  /** Answers served from the public cache (should be none: every text is new to the server). */
  cached: number;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/**
 * GET /api/resources/search?q=… one request at a time, as a visitor's search box sends it, per kind
 * of text (SEARCH_KINDS), each text new to the server: the time a visitor waits for a search nobody
 * made before, from the request to the last byte of the compressed answer.
 */
export async function timeSearchesAlone(
  baseUrl: string,
  catalogue: CatalogueSize,
  headers: Record<string, string>,
): Promise<HttpSearchKind[]> {
  const titles = titleWords(catalogue);
  const ask = async (text: string) => {
    const startedAt = performance.now();
    const answer = await fetch(`${baseUrl}/api/resources/search?q=${encodeURIComponent(text)}`, { headers });
    const body = (await answer.json()) as { pagination: { totalItems: number } };
    if (answer.status !== 200) throw new Error(`search for "${text}" answered ${answer.status}`);
    return {
      ms: performance.now() - startedAt,
      total: body.pagination.totalItems,
      cached: answer.headers.get(PUBLIC_CACHE_HEADER) === 'hit',
    };
  };
  const warmUp = searchTexts(titles, 'two title words', WARM_UP_QUERIES, catalogue.seed + 1_000);
  for (const text of warmUp) await ask(text);
  const asked = new Set(warmUp);
  const measured: HttpSearchKind[] = [];
  for (const [kindIndex, kind] of SEARCH_KINDS.entries()) {
    const texts = searchTexts(titles, kind, QUERIES_PER_KIND, catalogue.seed + 2_000 + kindIndex).filter((text) => !asked.has(text));
    const answers = [];
    for (const text of texts) {
      asked.add(text);
      answers.push(await ask(text));
    }
    const sorted = answers.map(({ ms }) => ms).sort((a, b) => a - b);
    measured.push({
      kind,
      queries: sorted.length,
      p50Ms: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
      maxMs: sorted[sorted.length - 1]!,
      empty: answers.filter(({ total }) => total === 0).length,
      cached: answers.filter(({ cached }) => cached).length,
    });
  }
  return measured;
}
