import { z } from '../shared/zod.js';
import type { DomainEvent } from '../shared/events.js';
import { DomainError, type Decider } from '../shared/events.js';
import { QUICK_LINKS, TRENDING_TOOLS } from './curated.js';

/*
 * The home page's hand-picked lists, edited in the admin portal (spec: Collections and top apps
 * editors, Collection entry, Top app entry). Until an admin saves a list, the shipped defaults show.
 */

export const COLLECTION_TYPES = { select: 'Collection', ai_tools: 'Top AI Tools', platforms: 'All Platforms', other: 'Other' } as const;
export type CollectionType = keyof typeof COLLECTION_TYPES;

/** Spec: the apps and collections editors take 1 to 8 entries, default 4 each. */
export const CURATION_LIMITS = { min: 1, max: 8, default: 4 } as const;

export const CURATION_MESSAGES = {
  saved: 'Collections and apps updated successfully!',
  failed: 'Failed to update collections or apps. Please try again.',
  lastEntry: 'A list keeps at least one entry.',
  unknownEntry: 'This entry is not in the list.',
  duplicateId: 'Another entry has the same id',
  /** The two lists are saved by two requests (spec: PUT /admin/api/collections and /topapps): one can fail alone. */
  partlySaved: (saved: string, unsaved: string, refusal: string | null) =>
    `${saved} saved, but ${unsaved} not saved${refusal === null ? '' : ` (${refusal})`}. Your ${unsaved} edits are still in the form: press Save to try again.`,
} as const;

/** A link inside the site (/topics/ai) or to the web (https://…); browsers take /\ for //, another site. */
const entryLink = z
  .string()
  .trim()
  .min(1, 'Every entry needs a link')
  .max(500)
  .refine((link) => /^\/(?![/\\])/u.test(link) || /^https?:\/\/[^\s]+$/iu.test(link), 'A link starts with / (a page here) or https://');
const entryImage = z
  .string()
  .trim()
  .max(500)
  .refine(
    (img) => img === '' || /^https?:\/\/[^\s]+$/iu.test(img) || /^\/(?!\/)/u.test(img),
    'An image is an https:// address or a path here',
  )
  .transform((img) => (img === '' ? null : img))
  .nullable();
const entryName = z.string().trim().min(1, 'Every entry needs a name').max(80, 'A name is at most 80 characters');
const entryId = z.string().trim().max(100).optional();

export const collectionEntrySchema = z.object({
  _id: entryId,
  name: entryName,
  link: entryLink,
  img: entryImage.default(null),
  type: z.enum(Object.keys(COLLECTION_TYPES) as [CollectionType, ...CollectionType[]]).default('select'),
});
export const topAppEntrySchema = z.object({
  _id: entryId,
  name: entryName,
  link: entryLink,
  img: entryImage.default(null),
  description: z.string().trim().max(200, 'A description is at most 200 characters').default(''),
});

const listOf = <T extends z.ZodType<{ _id?: string | undefined }>>(entry: T) =>
  z
    .array(entry)
    .min(CURATION_LIMITS.min, `Between ${CURATION_LIMITS.min} and ${CURATION_LIMITS.max} entries`)
    .max(CURATION_LIMITS.max, `Between ${CURATION_LIMITS.min} and ${CURATION_LIMITS.max} entries`)
    // An id names one entry: a DELETE of a shared id would remove them all, below the minimum.
    .superRefine((entries, context) => {
      const seen = new Set<string>();
      entries.forEach(({ _id }, index) => {
        if (!_id) return;
        if (seen.has(_id)) context.addIssue({ code: 'custom', message: CURATION_MESSAGES.duplicateId, path: [index, '_id'] });
        seen.add(_id);
      });
    });
export const collectionListSchema = listOf(collectionEntrySchema);
export const topAppListSchema = listOf(topAppEntrySchema);

/** The lists as the portal titles them, and numbers their entries from 1. */
const LIST_TITLES: Record<CuratedList, string> = { collections: 'Collections', topapps: 'Top apps' };

/** Why a list cannot be saved, naming the list and the entry as the portal numbers it; null when it can. */
export function curationListProblem(list: CuratedList, entries: unknown): string | null {
  const checked = (list === 'collections' ? collectionListSchema : topAppListSchema).safeParse(entries);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  const [index] = issue.path;
  return typeof index === 'number'
    ? `${LIST_TITLES[list]}, entry ${index + 1}: ${issue.message}`
    : `${LIST_TITLES[list]}: ${issue.message}`;
}

/** How one list's PUT went: saved, or not, with the server's reason when it refused the list (a 400). */
export type ListSaveOutcome = { saved: true } | { saved: false; refusal: string | null };

/** What the admin is told after a save: which list was saved and which was not, and why when the server said. */
export function curationSaveMessage(outcomes: Record<CuratedList, ListSaveOutcome>): string {
  const { collections, topapps } = outcomes;
  if (collections.saved && topapps.saved) return CURATION_MESSAGES.saved;
  if (collections.saved && !topapps.saved)
    return CURATION_MESSAGES.partlySaved(LIST_TITLES.collections, LIST_TITLES.topapps.toLowerCase(), topapps.refusal);
  if (topapps.saved && !collections.saved)
    return CURATION_MESSAGES.partlySaved(LIST_TITLES.topapps, LIST_TITLES.collections.toLowerCase(), collections.refusal);
  // Neither saved: a refusal says what to change, where 'please try again' could not help.
  for (const list of ['collections', 'topapps'] as const) {
    const outcome = outcomes[list];
    if (!outcome.saved && outcome.refusal !== null) return `${LIST_TITLES[list]}: ${outcome.refusal}`;
  }
  return CURATION_MESSAGES.failed;
}

export interface CollectionEntry {
  _id: string;
  name: string;
  link: string;
  img: string | null;
  type: CollectionType;
}
export interface TopAppEntry {
  _id: string;
  name: string;
  link: string;
  img: string | null;
  description: string;
}

export type CuratedList = 'collections' | 'topapps';
export type HomeListSet = DomainEvent<'HomeListSet', { list: CuratedList; entries: (CollectionEntry | TopAppEntry)[] }>;
export type CurationEvent = HomeListSet;
export const curationStream = (list: CuratedList) => `home-curation-${list}`;

export type CurationCommand =
  | { type: 'SetList'; data: { list: CuratedList; entries: (CollectionEntry | TopAppEntry)[] } }
  | { type: 'RemoveEntry'; data: { list: CuratedList; entryId: string; current: (CollectionEntry | TopAppEntry)[] } };

/** An entry's fields in name order: the same entry sent with its fields in another order is the same entry. */
const canonicalEntry = (entry: CollectionEntry | TopAppEntry) =>
  JSON.stringify(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const sameEntries = (saved: readonly (CollectionEntry | TopAppEntry)[] | null, sent: readonly (CollectionEntry | TopAppEntry)[]) =>
  saved !== null && saved.length === sent.length && saved.every((entry, index) => canonicalEntry(entry) === canonicalEntry(sent[index]!));

/**
 * Each list is a stream of its versions; a save that changes nothing records nothing. The fields are
 * compared, not their order: the route adds a new entry's id last, the editor sends it first next time.
 */
export const curationDecider: Decider<{ entries: (CollectionEntry | TopAppEntry)[] | null }, CurationCommand, HomeListSet> = {
  initialState: () => ({ entries: null }),
  evolve: (_state, event) => ({ entries: event.data.entries }),
  decide: (command, state) => {
    if (command.type === 'SetList') {
      if (sameEntries(state.entries, command.data.entries)) return [];
      return [{ type: 'HomeListSet', data: command.data }];
    }
    const current = state.entries ?? command.data.current;
    if (!current.some((entry) => entry._id === command.data.entryId)) throw new DomainError('not_found', CURATION_MESSAGES.unknownEntry);
    if (current.length <= CURATION_LIMITS.min) throw new DomainError('invalid', CURATION_MESSAGES.lastEntry);
    return [
      { type: 'HomeListSet', data: { list: command.data.list, entries: current.filter((entry) => entry._id !== command.data.entryId) } },
    ];
  },
};

/** What the home page shows until an admin saves a list: the shipped quick links and tools, with stable ids. */
export const DEFAULT_COLLECTIONS: readonly CollectionEntry[] = QUICK_LINKS.map((entry, index) => ({
  _id: `default-collection-${index + 1}`,
  ...entry,
  type: 'select',
}));
export const DEFAULT_TOP_APPS: readonly TopAppEntry[] = TRENDING_TOOLS.map((entry, index) => ({
  _id: `default-app-${index + 1}`,
  ...entry,
}));
