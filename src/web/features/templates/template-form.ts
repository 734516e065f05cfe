/** Pure rules of the create and edit forms: tags, URL states, validation, what changed, progress flags. */

import { APPS, TOPICS } from '@domain/catalogue/taxonomy.js';
import { FORM_PROGRESS_FIELDS, type FormProgressField } from '@domain/templates/form-progress.js';
import {
  POST_DEFAULTS,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  templateContentSchema,
  templateEditSchema,
  templateUrlValidity,
  type TemplateUrlValidity,
} from '@domain/templates/rules.js';
import { appForUrl, topicForText } from '@domain/templates/url-hints.js';
import { changeNoteSchema } from '@domain/templates/versions.js';
import type { RefusedField } from '@/lib/api-client.js';

export interface TemplateFormValues {
  url: string;
  /** A topic name from TOPICS, or '' before one is chosen. */
  topic: string;
  /** An app name from APPS, or '' before one is chosen. */
  platform: string;
  title: string;
  description: string;
  instructions: string;
  /** The author's own keywords; the type and platform tags are shown before them and are not counted. */
  tags: string[];
  /** Uploaded screenshots, in order. */
  imageUrls: string[];
  price: number;
}

export const EMPTY_TEMPLATE_FORM: TemplateFormValues = {
  url: '',
  topic: '',
  platform: '',
  title: '',
  description: '',
  instructions: '',
  tags: [],
  imageUrls: [],
  price: 0,
};

/** A field problem found here or refused by the server (the same shape as the API's `fields`). */
export type FieldProblem = RefusedField;

/** How the form names each field in the problems modal. */
export const FIELD_LABELS: Record<string, string> = {
  url: 'URL',
  link: 'URL',
  topic: 'Type',
  type: 'Type',
  platform: 'App',
  title: 'Title',
  description: 'Preview description',
  instructions: 'Full details',
  keywords: 'Keywords',
  tags: 'Keywords',
  price: 'Price',
  imageUrls: 'Screenshots',
  images: 'Screenshots',
  changeNote: 'What changed',
};

/** 'Title', or the raw field name for one the form does not know. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field.split('.')[0] ?? field] ?? field;
}

/**
 * The initial form for /create: the platform from ?app= and the topic from the navigation state, when they name known ones;
 * otherwise the spec's defaults (business_intelligence, zapier) are preselected.
 */
export function initialCreateForm(appParameter: string | null, topicState: unknown): TemplateFormValues {
  const app =
    appParameter === null
      ? undefined
      : APPS.find((entry) => [entry.name, entry.label.toLowerCase()].includes(appParameter.trim().toLowerCase()));
  const topic =
    typeof topicState === 'string'
      ? TOPICS.find((entry) => entry.name === topicState || entry.label.toLowerCase() === topicState.toLowerCase())
      : undefined;
  return { ...EMPTY_TEMPLATE_FORM, platform: app?.name ?? POST_DEFAULTS.platform, topic: topic?.name ?? POST_DEFAULTS.type };
}

/**
 * Adds what the author typed: split on commas, trimmed, lower-cased; blanks, repeats and the type and
 * platform tags are dropped, and nothing past the limit is kept. `refused` says whether anything was turned away for the limit.
 */
export function addTags(
  current: readonly string[],
  typed: string,
  lockedTags: readonly string[] = [],
): { tags: string[]; refused: boolean } {
  const tags = [...current];
  let refused = false;
  for (const part of typed.split(',')) {
    const tag = part.trim().toLowerCase().slice(0, TEMPLATE_LIMITS.tagLength);
    if (tag === '' || tags.includes(tag) || lockedTags.includes(tag)) continue;
    if (tags.length >= TEMPLATE_LIMITS.tags) {
      refused = true;
      continue;
    }
    tags.push(tag);
  }
  return { tags, refused };
}

export function removeTag(current: readonly string[], tag: string): string[] {
  return current.filter((entry) => entry !== tag);
}

/** 'n / 3 keywords'. */
export function keywordCounter(count: number): string {
  return `${count} / ${TEMPLATE_LIMITS.tags} keywords`;
}

/** The type tag first, the platform tag second: shown before the author's keywords and never deletable. */
export function lockedTagsOf(values: Pick<TemplateFormValues, 'topic' | 'platform'>): string[] {
  return [values.topic, values.platform].filter((tag) => tag !== '');
}

/** A URL typed without a scheme ('notion.so/x') gets https:// in front; anything with a scheme is kept as it is. */
export function withProtocol(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/iu.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

export type UrlValidity = 'empty' | TemplateUrlValidity;

/** Spec 4 (Create form): one of empty, direct-domain warning, valid, not valid — the server's own rule. */
export function urlValidity(value: string): UrlValidity {
  const url = withProtocol(value);
  return url === '' ? 'empty' : templateUrlValidity(url);
}

export const URL_VALIDITY_MESSAGES: Record<Exclude<UrlValidity, 'empty'>, string> = {
  'direct-domain': TEMPLATE_MESSAGES.directDomain,
  valid: TEMPLATE_MESSAGES.urlValid,
  invalid: TEMPLATE_MESSAGES.urlInvalid,
};

/** Platform and type a URL points to (a known app host, a topic name in it), to preselect them. */
export function hintsFromUrl(url: string): { platform: string | null; topic: string | null } {
  return { platform: appForUrl(withProtocol(url)), topic: topicForText(url) };
}

/** The create form's problems, in the words of the shared schema (empty when it may be sent). */
export function createProblems(values: TemplateFormValues): FieldProblem[] {
  const parsed = templateContentSchema.safeParse({
    title: values.title,
    description: values.description,
    instructions: values.instructions,
    url: withProtocol(values.url),
    topic: values.topic,
    platform: values.platform,
    keywords: values.tags,
    price: values.price,
    imageUrls: values.imageUrls,
  });
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'form'), message: issue.message }));
}

/** The edit form's problems (spec 5, Edit: as in create, instructions optional). */
export function editProblems(values: TemplateFormValues): FieldProblem[] {
  const parsed = templateEditSchema.safeParse({
    title: values.title,
    description: values.description,
    instructions: values.instructions,
    url: withProtocol(values.url),
    keywords: values.tags,
    imageUrls: values.imageUrls,
  });
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'form'), message: issue.message }));
}

/** The edit's change note against the API's own rule (at most CHANGE_NOTE_MAX characters once trimmed). */
export function changeNoteProblems(note: string): FieldProblem[] {
  const parsed = changeNoteSchema.safeParse(note);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: 'changeNote', message: issue.message }));
}

/** POST /resources body. */
export function createRequestBody(values: TemplateFormValues) {
  return {
    type: values.topic,
    platform: values.platform,
    title: values.title.trim(),
    description: values.description.trim(),
    url: withProtocol(values.url),
    instructions: values.instructions.trim(),
    tags: values.tags,
    images: values.imageUrls,
    price: values.price,
  };
}

/**
 * PUT /resources/{id} body (spec 7: title, link, description, instructions, keywords, images), with the
 * content revision the editor opened, so a save made meanwhile (another tab) is not silently undone,
 * and the author's change note when they wrote one (blank is none).
 */
export function editRequestBody(values: TemplateFormValues, revision: number, changeNote = '') {
  const note = changeNote.trim();
  return {
    revision,
    ...(note === '' ? {} : { changeNote: note }),
    title: values.title.trim(),
    link: withProtocol(values.url),
    description: values.description.trim(),
    instructions: values.instructions.trim(),
    keywords: values.tags,
    images: values.imageUrls,
  };
}

/** The form is dirty when it differs from its initial value (spec 4). */
export function isFormDirty(initial: TemplateFormValues, current: TemplateFormValues): boolean {
  return JSON.stringify(initial) !== JSON.stringify(current);
}

/** The form field each value belongs to, for the touched flags (FORM_PROGRESS_FIELDS names). */
const PROGRESS_FIELD_OF: Record<keyof TemplateFormValues, FormProgressField> = {
  url: 'url',
  topic: 'type',
  platform: 'platform',
  title: 'title',
  description: 'description',
  instructions: 'instructions',
  tags: 'tags',
  imageUrls: 'images',
  price: 'price',
};

export type TouchedFlags = Record<FormProgressField, boolean>;

export function untouchedFlags(): TouchedFlags {
  return Object.fromEntries(FORM_PROGRESS_FIELDS.map((field) => [field, false])) as TouchedFlags;
}

/** The flags after the author changed `changed` (already touched ones stay touched). */
export function touch(flags: TouchedFlags, changed: readonly (keyof TemplateFormValues)[]): TouchedFlags {
  const next = { ...flags };
  for (const field of changed) next[PROGRESS_FIELD_OF[field]] = true;
  return next;
}
