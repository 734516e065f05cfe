import type { Decider } from '../shared/events.js';
import type { TemplateFormProgressed } from './events.js';
import type { TemplateContent } from './rules.js';

/** The create form's fields whose touched flags are tracked (spec: Creation progress). */
export const FORM_PROGRESS_FIELDS = ['url', 'type', 'platform', 'title', 'description', 'instructions', 'images', 'tags', 'price'] as const;
export type FormProgressField = (typeof FORM_PROGRESS_FIELDS)[number];

/**
 * The create form's fields a submission carries, for the funnel: those the form reports touched and
 * those that hold a value. The form reports its progress 2 s after the last change, so a quick
 * submit would otherwise lose the last touches.
 */
export function submittedFormSteps(content: TemplateContent, touched: Partial<Record<FormProgressField, boolean>>): FormProgressField[] {
  const filled: Record<FormProgressField, boolean> = {
    url: content.url !== '',
    type: content.topic !== '',
    platform: content.platform !== '',
    title: content.title !== '',
    description: content.description !== '',
    instructions: content.instructions.trim() !== '',
    images: content.imageUrls.length > 0,
    // The type and platform tags come with the form; the author's own tags are the step.
    tags: content.keywords.some((tag) => tag !== content.topic && tag !== content.platform),
    price: content.price > 0,
  };
  return FORM_PROGRESS_FIELDS.filter((field) => filled[field] || touched[field] === true);
}

export interface FormProgressState {
  /** The flags last recorded for this user, or null before the first. */
  last: Record<string, boolean> | null;
}

export type FormProgressCommand = { type: 'TrackFormProgress'; data: TemplateFormProgressed['data'] };

function sameFlags(a: Record<string, boolean>, b: Record<string, boolean>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? false) === (b[key] ?? false));
}

/** Records each new set of touched flags; a repeat of the last one (a re-sent debounce) records nothing. */
export const formProgressDecider: Decider<FormProgressState, FormProgressCommand, TemplateFormProgressed> = {
  initialState: () => ({ last: null }),
  evolve: (_state, event) => ({ last: event.data.formProgress }),
  decide: (command, state) => {
    if (state.last !== null && sameFlags(state.last, command.data.formProgress)) return [];
    return [{ type: 'TemplateFormProgressed', data: command.data }];
  },
};
