import { z } from '../shared/zod.js';
import { characterCount } from '../shared/characters.js';
import { DomainError, type Decider, type DomainEvent } from '../shared/events.js';
import type { EditableContent } from './events.js';

/*
 * Versions of a post (issue 57): its first approval is v1, and every later approval that changes its
 * public content (an approved edit, an admin's correction, an approved price change) is the next one.
 * `TemplateVersionPublished` on the post's stream marks each, carrying the whole content of that version.
 */

/** What one version shows: the public content, price in dollars, tags as keywords. */
export interface VersionContent {
  title: string;
  description: string;
  instructions: string;
  url: string;
  imageUrls: string[];
  price: number;
  keywords: string[];
}

/** The fields a version may change, in the order the changelog names them. */
export const VERSION_FIELDS = ['title', 'description', 'instructions', 'link', 'images', 'price', 'tags'] as const;
export type VersionField = (typeof VERSION_FIELDS)[number];

const FIELD_OF: Record<VersionField, keyof VersionContent> = {
  title: 'title',
  description: 'description',
  instructions: 'instructions',
  link: 'url',
  images: 'imageUrls',
  price: 'price',
  tags: 'keywords',
};

/** An author's note on an edit, shown in the changelog and the buyers' e-mail: one rule for the form and the API. */
export const CHANGE_NOTE_MAX = 500;

export const VERSION_MESSAGES = {
  changeNoteTooLong: `The change note can be at most ${CHANGE_NOTE_MAX} characters.`,
  unknownVersion: 'This version does not exist.',
  notYetApproved: 'This version is not approved yet.',
  notABuyer: 'Only a buyer of this post can choose its version.',
  notEntitled: 'You can choose the version you bought or a later one.',
  notSaved: 'Save the post first to be told about its updates.',
  noticesOn: 'We will tell you when this post is updated.',
  noticesOff: 'You will not be told about updates of this post.',
  asOfForbidden: 'Only the author and admins can open a post as it was.',
  /** The in-app mark on a bought post with a newer version than the one its buyer holds. */
  updated: 'Updated',
  linkChanged: 'The template link changed',
} as const;

/** The change note, trimmed; blank means none. Over the limit is refused with VERSION_MESSAGES.changeNoteTooLong. */
export const changeNoteSchema = z
  .string()
  .transform((note) => note.trim())
  .refine((note) => characterCount(note) <= CHANGE_NOTE_MAX, VERSION_MESSAGES.changeNoteTooLong)
  .transform((note) => (note === '' ? null : note));

export function contentField(content: VersionContent, field: VersionField): VersionContent[keyof VersionContent] {
  return content[FIELD_OF[field]];
}

/** The fields whose value differs between two versions' contents. */
export function changedFields(before: VersionContent, after: VersionContent): VersionField[] {
  return VERSION_FIELDS.filter((field) => JSON.stringify(contentField(before, field)) !== JSON.stringify(contentField(after, field)));
}

/** The content after an edit is published over it (fields the edit left out stay). */
export function withEdit(content: VersionContent, edit: Partial<EditableContent>): VersionContent {
  const next = { ...content };
  for (const [key, value] of Object.entries(edit) as [keyof EditableContent, unknown][]) {
    if (value !== undefined) Object.assign(next, { [key]: value });
  }
  return next;
}

/** A run of words kept, added or removed, in reading order. */
export interface WordChange {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** Texts longer than this (in words, both sides multiplied) are compared as a whole: removed, then added. */
const WORD_DIFF_CELLS = 4_000_000;

/** Words added and removed between two texts (longest common subsequence of their words, whitespace kept with each word). */
export function wordDiff(before: string, after: string): WordChange[] {
  const a = before.match(/\s*\S+\s*/gu) ?? [];
  const b = after.match(/\s*\S+\s*/gu) ?? [];
  if (a.length * b.length > WORD_DIFF_CELLS)
    return merged([...a.map((text) => ({ op: 'removed' as const, text })), ...b.map((text) => ({ op: 'added' as const, text }))]);
  const key = (word: string) => word.trim();
  // lengths[i][j]: the longest common run of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i]![j] = key(a[i]!) === key(b[j]!) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const changes: WordChange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && key(a[i]!) === key(b[j]!)) {
      changes.push({ op: 'same', text: b[j]! });
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      // Removed words before the words that replace them, as diffs read.
      changes.push({ op: 'removed', text: a[i]! });
      i += 1;
    } else {
      changes.push({ op: 'added', text: b[j]! });
      j += 1;
    }
  }
  return merged(changes);
}

function merged(changes: readonly WordChange[]): WordChange[] {
  const runs: WordChange[] = [];
  for (const change of changes) {
    const last = runs.at(-1);
    if (last && last.op === change.op) last.text += change.text;
    else runs.push({ ...change });
  }
  return runs;
}

/** What changed between two versions, field by field; `link` says only whether it changed. */
export interface VersionDiff {
  from: number;
  to: number;
  changed: VersionField[];
  title?: WordChange[];
  description?: WordChange[];
  instructions?: WordChange[];
  images?: { added: string[]; removed: string[] };
  price?: { from: number; to: number };
  tags?: { added: string[]; removed: string[] };
  linkChanged: boolean;
}

const setDiff = (before: readonly string[], after: readonly string[]) => ({
  added: after.filter((item) => !before.includes(item)),
  removed: before.filter((item) => !after.includes(item)),
});

export function diffVersions(
  from: { version: number; content: VersionContent },
  to: { version: number; content: VersionContent },
): VersionDiff {
  const a = from.content;
  const b = to.content;
  const changed = changedFields(a, b);
  const diff: VersionDiff = { from: from.version, to: to.version, changed, linkChanged: changed.includes('link') };
  if (changed.includes('title')) diff.title = wordDiff(a.title, b.title);
  if (changed.includes('description')) diff.description = wordDiff(a.description, b.description);
  if (changed.includes('instructions')) diff.instructions = wordDiff(a.instructions, b.instructions);
  if (changed.includes('images')) diff.images = setDiff(a.imageUrls, b.imageUrls);
  if (changed.includes('price')) diff.price = { from: a.price, to: b.price };
  if (changed.includes('tags')) diff.tags = setDiff(a.keywords, b.keywords);
  return diff;
}

// ── A buyer's version and a saver's update notices ──

/** A buyer keeps a version or switches to another they are entitled to (the one bought or a later one). */
export type VersionChosen = DomainEvent<'VersionChosen', { templateId: string; buyerId: string; version: number }>;
/** A member who saved the post asks (or stops asking) to be told about its new versions. */
export type UpdateNoticesToggled = DomainEvent<'UpdateNoticesToggled', { templateId: string; userId: string; on: boolean }>;
/**
 * A recipient was told about a new version (in-app and by e-mail, unless e-mail was off): recorded
 * after the send, so a crash between resends with the same message id. `emailed`: false when skipped.
 */
export type VersionNoticeSent = DomainEvent<
  'VersionNoticeSent',
  { templateId: string; userId: string; version: number; messageId: string; emailed: boolean }
>;

export type VersionEvent = VersionChosen | UpdateNoticesToggled | VersionNoticeSent;
export const VERSION_EVENT_TYPES = [
  'VersionChosen',
  'UpdateNoticesToggled',
  'VersionNoticeSent',
] as const satisfies readonly VersionEvent['type'][];

export const versionChoiceStream = (templateId: string, buyerId: string) => `version-choice-${templateId}-${buyerId}`;
export const updateNoticesStream = (templateId: string, userId: string) => `update-notices-${templateId}-${userId}`;
export const versionNoticeStream = (templateId: string, userId: string, version: number) =>
  `version-notice-${templateId}-${userId}-${version}`;

/** The notice e-mail's subject. */
export const versionNoticeSubject = (title: string, version: number) => `${title} was updated to v${version}`;

/**
 * What the buyer may choose from, read by the use case: the version bought (null for someone who
 * did not buy the post, or was refunded) and the latest published one.
 */
export interface VersionEntitlement {
  entitledFrom: number | null;
  latest: number;
}

export type VersionChoiceCommand = {
  type: 'ChooseVersion';
  data: { templateId: string; buyerId: string; version: number } & VersionEntitlement;
};

/** A buyer's choice of version: one they are entitled to; choosing the one held again records nothing. */
export const versionChoiceDecider: Decider<{ held: number | null }, VersionChoiceCommand, VersionChosen> = {
  initialState: () => ({ held: null }),
  evolve: (_state, event) => ({ held: event.data.version }),
  decide: (command, state) => {
    const { templateId, buyerId, version, entitledFrom, latest } = command.data;
    if (entitledFrom === null) throw new DomainError('forbidden', VERSION_MESSAGES.notABuyer);
    if (version > latest) throw new DomainError('not_found', VERSION_MESSAGES.unknownVersion);
    if (version < entitledFrom) throw new DomainError('forbidden', VERSION_MESSAGES.notEntitled);
    if (state.held === version) return [];
    return [{ type: 'VersionChosen', data: { templateId, buyerId, version } }];
  },
};

export type UpdateNoticesCommand = { type: 'SetUpdateNotices'; data: { templateId: string; userId: string; on: boolean; saved: boolean } };

/** A saver's update notices on or off; only a member who saved the post may turn them on. */
export const updateNoticesDecider: Decider<{ on: boolean }, UpdateNoticesCommand, UpdateNoticesToggled> = {
  initialState: () => ({ on: false }),
  evolve: (_state, event) => ({ on: event.data.on }),
  decide: (command, state) => {
    const { templateId, userId, on, saved } = command.data;
    if (on && !saved) throw new DomainError('forbidden', VERSION_MESSAGES.notSaved);
    if (state.on === on) return [];
    return [{ type: 'UpdateNoticesToggled', data: { templateId, userId, on } }];
  },
};

/** A notice is recorded once per recipient and version. */
export const versionNoticeDecider: Decider<
  { sent: boolean },
  { type: 'RecordVersionNotice'; data: VersionNoticeSent['data'] },
  VersionNoticeSent
> = {
  initialState: () => ({ sent: false }),
  evolve: () => ({ sent: true }),
  decide: (command, state) => (state.sent ? [] : [{ type: 'VersionNoticeSent', data: command.data }]),
};
