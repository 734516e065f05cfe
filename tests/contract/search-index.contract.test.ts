import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchIndex, SearchRequest } from '../../src/adapters/search/port.js';
import { SEARCH_MAX_WORD_LENGTH } from '../../src/domain/discovery/constants.js';
import { templateDecider } from '../../src/domain/templates/decider.js';
import { templateStream } from '../../src/domain/templates/events.js';
import { likeTemplate, publishTemplate, type PublishedTemplate } from '../fixtures/catalogue.js';
import { searchIndexTargets, type SearchIndexEnvironment } from './search-index-targets.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Catalogue of the suite: near-miss titles around the ones the relevance cases look for. */
const TITLES = {
  notionBudget: 'Notion Budget Tracker',
  notionHabit: 'Notion Habit Tracker',
  sheetsBudget: 'Budget Planner for Google Sheets',
  airtableBudget: 'Airtable Budget Tracker',
  trelloBoard: 'Trello Sprint Board',
  figmaKit: 'Figma Wireframe Kit',
  canvaDeck: 'Canva Pitch Deck',
  zapierLeads: 'Zapier Lead Capture Flow',
  notionMeeting: 'Notion Meeting Notes',
  sheetsInvoice: 'Invoice Generator for Google Sheets',
} as const;
type Key = keyof typeof TITLES;

for (const target of searchIndexTargets())
  describe.skipIf(target.skipped !== null)(
    `search index contract: ${target.name}${target.skipped ? ` (skipped: ${target.skipped})` : ''}`,
    () => {
      let environment: SearchIndexEnvironment;
      let index: SearchIndex;
      const published = {} as Record<Key, PublishedTemplate>;
      let pending: PublishedTemplate;

      const search = (request: Partial<SearchRequest>) =>
        index.search({ text: '', filters: {}, order: 'relevance', offset: 0, limit: 20, ...request });
      const titlesOf = async (request: Partial<SearchRequest>) => {
        const { ids } = await search(request);
        const byId = new Map(Object.entries(published).map(([key, template]) => [template.templateId, TITLES[key as Key]]));
        return ids.map((id) => byId.get(id) ?? id);
      };

      beforeAll(async () => {
        environment = await target.open();
        index = environment.index;
        const { commands } = environment;
        // Created oldest first, one day apart, so newest-first order is known.
        const contents: Record<Key, Parameters<typeof publishTemplate>[1]> = {
          notionBudget: { title: TITLES.notionBudget, platform: 'notion', topic: 'personal', keywords: ['budget', 'finance'] },
          notionHabit: { title: TITLES.notionHabit, platform: 'notion', topic: 'personal', keywords: ['habits'] },
          sheetsBudget: { title: TITLES.sheetsBudget, platform: 'google sheets', topic: 'personal', keywords: ['budget'], price: 9 },
          airtableBudget: { title: TITLES.airtableBudget, platform: 'airtable', topic: 'personal', keywords: ['budget'], price: 4.5 },
          trelloBoard: { title: TITLES.trelloBoard, platform: 'trello', topic: 'productivity', keywords: ['agile'] },
          figmaKit: { title: TITLES.figmaKit, platform: 'figma', topic: 'design', keywords: ['ux', 'wireframes'], price: 12 },
          canvaDeck: { title: TITLES.canvaDeck, platform: 'canva', topic: 'startup', keywords: ['investors'] },
          zapierLeads: { title: TITLES.zapierLeads, platform: 'zapier', topic: 'marketing', keywords: ['leads', 'automation'] },
          notionMeeting: { title: TITLES.notionMeeting, platform: 'notion', topic: 'communication', keywords: ['meetings'] },
          sheetsInvoice: {
            title: TITLES.sheetsInvoice,
            platform: 'google sheets',
            topic: 'commerce',
            keywords: ['invoices', 'finance'],
            price: 3,
          },
        };
        const keys = Object.keys(contents) as Key[];
        for (const [i, key] of keys.entries())
          published[key] = await publishTemplate(commands, contents[key], { now: daysAgo(keys.length - i) });
        pending = await publishTemplate(commands, { title: 'Notion Budget Tracker Draft', keywords: ['budget'] }, { approve: false });
        // Popularity: recent likes count, likes older than 90 days do not.
        for (let i = 0; i < 3; i += 1) await likeTemplate(commands, published.trelloBoard.templateId);
        await likeTemplate(commands, published.canvaDeck.templateId);
        for (let i = 0; i < 5; i += 1) await likeTemplate(commands, published.figmaKit.templateId, daysAgo(120));
        await environment.settle();
      });

      afterAll(() => environment?.close());

      it('finds a title despite a typo in every word', async () => {
        expect((await titlesOf({ text: 'notoin budgt tracker' })).slice(0, 3)).toContain(TITLES.notionBudget);
        expect((await titlesOf({ text: 'figam wirefrme' }))[0]).toBe(TITLES.figmaKit);
      });

      it('ranks the exact title first', async () => {
        expect((await titlesOf({ text: 'notion budget tracker' }))[0]).toBe(TITLES.notionBudget);
        expect((await titlesOf({ text: 'Invoice Generator' }))[0]).toBe(TITLES.sheetsInvoice);
      });

      it('matches words being typed by their prefix', async () => {
        expect(await titlesOf({ text: 'budg' })).toEqual(
          expect.arrayContaining([TITLES.notionBudget, TITLES.sheetsBudget, TITLES.airtableBudget]),
        );
        expect((await titlesOf({ text: 'wirefr' }))[0]).toBe(TITLES.figmaKit);
      });

      it('finds by keyword, app and topic words too', async () => {
        expect(await titlesOf({ text: 'finance' })).toEqual(expect.arrayContaining([TITLES.notionBudget, TITLES.sheetsInvoice]));
        expect(await titlesOf({ text: 'zapier' })).toEqual([TITLES.zapierLeads]);
      });

      it('falls back to any word when no template has them all', async () => {
        expect(await titlesOf({ text: 'pitch unicorns' })).toEqual([TITLES.canvaDeck]);
      });

      it('never finds templates that are not live', async () => {
        const { ids } = await search({ text: 'budget tracker draft', limit: 100 });
        expect(ids).not.toContain(pending.templateId);
        expect((await search({ limit: 100 })).ids).not.toContain(pending.templateId);
      });

      it('filters by topic, platform, keyword and price', async () => {
        expect(new Set(await titlesOf({ text: 'budget', filters: { platform: 'notion' } }))).toEqual(new Set([TITLES.notionBudget]));
        expect(new Set(await titlesOf({ filters: { topic: 'personal' } }))).toEqual(
          new Set([TITLES.notionBudget, TITLES.notionHabit, TITLES.sheetsBudget, TITLES.airtableBudget]),
        );
        expect(new Set(await titlesOf({ filters: { keywords: ['finance', 'agile'] } }))).toEqual(
          new Set([TITLES.notionBudget, TITLES.sheetsInvoice, TITLES.trelloBoard]),
        );
        expect(new Set(await titlesOf({ text: 'budget', filters: { price: 'paid' } }))).toEqual(
          new Set([TITLES.sheetsBudget, TITLES.airtableBudget]),
        );
        expect(new Set(await titlesOf({ text: 'budget', filters: { price: 'free' } }))).toEqual(new Set([TITLES.notionBudget]));
        expect(await titlesOf({ text: 'budget', filters: { topic: 'design' } })).toEqual([]);
      });

      it('sorts newest first', async () => {
        const newest = await titlesOf({ order: 'date_desc' });
        expect(newest.filter((title) => Object.values(TITLES).includes(title as never))).toEqual(Object.values(TITLES).reverse());
        expect(await titlesOf({ text: 'budget', order: 'date_desc' })).toEqual([
          TITLES.airtableBudget,
          TITLES.sheetsBudget,
          TITLES.notionBudget,
        ]);
      });

      it('sorts by engagement in the last 90 days', async () => {
        const popular = await titlesOf({ order: 'most_pop_90' });
        expect(popular.slice(0, 2)).toEqual([TITLES.trelloBoard, TITLES.canvaDeck]);
        // Five likes, all older than 90 days: no popularity now, so it ranks by date among the rest.
        expect(popular.indexOf(TITLES.figmaKit)).toBeGreaterThan(1);
      });

      it('pages with a total, and answers an empty page past the end', async () => {
        const all = await search({ order: 'date_desc', limit: 100 });
        const first = await search({ order: 'date_desc', limit: 4 });
        const second = await search({ order: 'date_desc', limit: 4, offset: 4 });
        expect(first.total).toBe(all.total);
        expect([...first.ids, ...second.ids]).toEqual(all.ids.slice(0, 8));
        expect(await search({ order: 'date_desc', limit: 4, offset: all.total + 40 })).toEqual({ ids: [], total: all.total });
      });

      it('treats quotes, backslashes, operators and SQL in the text as words', async () => {
        const hostile = [
          `"notion budget"`,
          `notion\\ budget\\`,
          `budget AND NOT notion`,
          `title:budget -notion`,
          `budget' OR '1'='1`,
          `'); drop table search_documents; --`,
          `budget & | ! <-> :* ()`,
          '%_%',
          'x'.repeat(10_000),
          '\u0000\u0001',
        ];
        for (const text of hostile) {
          const hits = await search({ text });
          expect(hits.ids.length).toBeLessThanOrEqual(20);
          expect(hits.total).toBeGreaterThanOrEqual(hits.ids.length);
        }
        expect(await titlesOf({ text: `"notion" AND "budget"` })).toContain(TITLES.notionBudget);
        expect((await search({ order: 'date_desc', limit: 100 })).total).toBeGreaterThanOrEqual(Object.keys(TITLES).length);
      });

      it('finds nothing for text without words (punctuation, emoji), an unknown or an overlong word, and everything for blank text', async () => {
        expect((await search({ text: '!!! ---' })).total).toBe(0);
        expect((await search({ text: '🎉🎉' })).total).toBe(0);
        expect((await search({ text: '  ' })).total).toBe((await search({})).total);
        expect((await search({ text: 'qwxzvbnmlk' })).total).toBe(0);
        // Words longer than the index holds match no template: the text is not treated as empty.
        expect((await search({ text: 'q'.repeat(SEARCH_MAX_WORD_LENGTH + 1) })).total).toBe(0);
      });

      it('drops a template that leaves live; an edited one keeps its approved title until the edit is approved', async () => {
        const { commands } = environment;
        const admin = { userId: 'reviewer', role: 'admin' as const };
        const hidden = await publishTemplate(commands, { title: 'Quokka Expense Ledger', description: 'A ledger.' });
        const deleted = await publishTemplate(commands, { title: 'Quokka Travel Ledger', description: 'A ledger.' });
        const edited = await publishTemplate(commands, { title: 'Quokka Habit Ledger', description: 'A ledger.' });
        const flagged = await publishTemplate(commands, { title: 'Quokka Reading Ledger', description: 'A ledger.' });
        await environment.settle();
        expect((await search({ text: 'quokka', limit: 100 })).total).toBe(4);

        const stream = (id: string) => templateStream(id);
        await commands.handle(
          templateDecider,
          stream(hidden.templateId),
          { type: 'FlagTemplateForReview', data: { templateId: hidden.templateId, reason: 'spam' } },
          { actor: admin },
        );
        await commands.handle(
          templateDecider,
          stream(hidden.templateId),
          { type: 'ReviewTemplate', data: { templateId: hidden.templateId, reviewerId: 'reviewer', decision: 'hide', reason: 'spam' } },
          { actor: admin },
        );
        await commands.handle(
          templateDecider,
          stream(deleted.templateId),
          { type: 'DeleteTemplatePermanently', data: { templateId: deleted.templateId, reviewerId: 'reviewer', reason: null } },
          { actor: admin },
        );
        await commands.handle(
          templateDecider,
          stream(flagged.templateId),
          { type: 'FlagTemplateForReview', data: { templateId: flagged.templateId, reason: 'check' } },
          { actor: admin },
        );
        await commands.handle(
          templateDecider,
          stream(edited.templateId),
          {
            type: 'EditTemplate',
            data: {
              templateId: edited.templateId,
              requester: { userId: 'reviewer', lvl: 'admin' },
              changes: { title: 'Wombat Habit Ledger' },
            },
          },
          { actor: admin },
        );
        await environment.settle();
        // Hidden and deleted: gone; flagged but still live: found; edited: found by its approved title while the edit waits.
        expect((await search({ text: 'quokka', limit: 100 })).ids.sort()).toEqual([flagged.templateId, edited.templateId].sort());
        expect((await search({ text: 'wombat' })).total).toBe(0);

        await commands.handle(
          templateDecider,
          stream(edited.templateId),
          { type: 'ReviewTemplate', data: { templateId: edited.templateId, reviewerId: 'reviewer', decision: 'approve', reason: null } },
          { actor: admin },
        );
        await environment.settle();
        expect((await search({ text: 'wombat' })).ids).toEqual([edited.templateId]);
        expect((await search({ text: 'quokka', limit: 100 })).ids).toEqual([flagged.templateId]);
      });

      it('suggests titles as they are typed', async () => {
        const suggestions = await index.suggestTitles('notion bud', 5);
        expect(suggestions[0]).toEqual({
          id: published.notionBudget.templateId,
          title: TITLES.notionBudget,
          titleUrl: published.notionBudget.titleUrl,
        });
        expect(await index.suggestTitles('  ', 5)).toEqual([]);
      });

      it('suggests only titles holding every typed word (a search falls back to any word; suggestions do not)', async () => {
        expect((await search({ text: 'budget xylophone' })).total).toBeGreaterThan(0);
        expect(await index.suggestTitles('budget xylophone', 5)).toEqual([]);
      });
    },
  );
