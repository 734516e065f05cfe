import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.js';
import { APPS, TOPICS, type TaxonomyEntry } from '../../../domain/catalogue/taxonomy.js';
import { AUTOCOMPLETE_LIMIT } from '../../../domain/discovery/constants.js';
import { searchWords } from '../../../domain/discovery/search-text.js';
import { z } from '../../../domain/shared/zod.js';
import { searchText } from './query.js';

const entrySchema = z.object({ name: z.string(), label: z.string() });

/** Entries whose label or name contains every typed word (the spec's suggestion rule). */
function matchingEntries(entries: readonly TaxonomyEntry[], words: readonly string[]): TaxonomyEntry[] {
  return entries
    .filter((entry) => {
      const haystack = `${entry.label} ${entry.name.replaceAll('_', ' ')}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .slice(0, AUTOCOMPLETE_LIMIT);
}

/** GET /autocomplete: titles, topics and apps for the text being typed. */
export function autocompleteRoutes(deps: { search: AppDeps['search'] }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/autocomplete',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Titles, topics and apps for the text being typed',
          tags: ['search'],
          querystring: z.object({ q: searchText.default('') }),
          response: {
            200: z.object({
              titles: z.array(z.object({ title: z.string(), titleUrl: z.string() })),
              topics: z.array(entrySchema),
              apps: z.array(entrySchema),
            }),
          },
        },
      },
      async (request) => {
        const words = searchWords(request.query.q);
        if (words.length === 0) return { titles: [], topics: [], apps: [] };
        const titles = await deps.search.suggestTitles(request.query.q, AUTOCOMPLETE_LIMIT);
        return {
          titles: titles.map(({ title, titleUrl }) => ({ title, titleUrl })),
          topics: matchingEntries(TOPICS, words),
          apps: matchingEntries(APPS, words),
        };
      },
    );
  };
}
