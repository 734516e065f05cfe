import type { AccountDeleted, NotificationSettingsChanged, UserRegistered } from '../accounts/events.js';
import type { SearchPerformed } from '../discovery/events.js';
import type {
  CommentPosted,
  TemplateClicked,
  TemplateLiked,
  TemplateSaved,
  TemplateUnsaved,
  TemplateViewed,
} from '../engagement/events.js';
import type {
  TemplateApproved,
  TemplateDeleted,
  TemplateEdited,
  TemplateFormProgressed,
  TemplatePermanentlyDeleted,
  TemplatePurchased,
  TemplateSubmitted,
} from '../templates/events.js';
import { FORM_PROGRESS_FIELDS, type FormProgressField } from '../templates/form-progress.js';
import { publishedContent } from '../templates/lifecycle.js';

/**
 * The analysts' facts: each event the admin statistics read becomes at most one small fact.
 * The live read model stores these facts and the replay derives them from the log, and both hand
 * them to the same pure reports (reports.ts), so the portal and `npm run analytics` agree.
 */
export type FactKind =
  | 'user_registered'
  | 'user_deleted'
  | 'notifications'
  | 'post_created'
  | 'post_titled'
  | 'post_removed'
  | 'comment'
  | 'click'
  | 'save'
  | 'unsave'
  | 'like'
  | 'view'
  | 'search'
  | 'form_progress'
  | 'purchase';

export interface AnalyticsFact {
  /** The event's id: one fact per event, so storing a fact twice is a no-op. */
  eventId: string;
  kind: FactKind;
  /** When it happened (the event's occurredAt, ISO 8601). */
  at: string;
  /** Who did it (the author, buyer, searcher …), null for guests. */
  userId: string | null;
  /** What it is about: a template id, or the search term. */
  key: string | null;
  /** A detail: a post's title; '1' / '0' for whether the user accepts update e-mails. */
  value: string | null;
  /** The create form's funnel steps, comma-separated: those a progress report touched, or those a submission carried. */
  steps: string | null;
}

/** The event types that make facts (the read model subscribes to exactly these). */
export const ANALYTICS_EVENT_TYPES = [
  'UserRegistered',
  'AccountDeleted',
  'NotificationSettingsChanged',
  'TemplateSubmitted',
  'TemplateApproved',
  'TemplateEdited',
  'TemplateDeleted',
  'TemplatePermanentlyDeleted',
  'CommentPosted',
  'TemplateClicked',
  'TemplateSaved',
  'TemplateUnsaved',
  'TemplateLiked',
  'TemplateViewed',
  'SearchPerformed',
  'TemplateFormProgressed',
  'TemplatePurchased',
] as const;

export type AnalyticsEvent =
  | UserRegistered
  | AccountDeleted
  | NotificationSettingsChanged
  | TemplateSubmitted
  | TemplateApproved
  | TemplateEdited
  | TemplateDeleted
  | TemplatePermanentlyDeleted
  | CommentPosted
  | TemplateClicked
  | TemplateSaved
  | TemplateUnsaved
  | TemplateLiked
  | TemplateViewed
  | SearchPerformed
  | TemplateFormProgressed
  | TemplatePurchased;

/** The funnel's steps in the spec's words; the create form calls the screenshot step `images`. */
export const FUNNEL_STEPS = ['url', 'type', 'platform', 'title', 'description', 'instructions', 'screenshot', 'tags', 'price'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
const STEP_OF_FORM_FIELD: Record<FormProgressField, FunnelStep> = {
  url: 'url',
  type: 'type',
  platform: 'platform',
  title: 'title',
  description: 'description',
  instructions: 'instructions',
  images: 'screenshot',
  tags: 'tags',
  price: 'price',
};

type Occurred = { id: string; metadata: { occurredAt: string } };

function isAnalyticsEvent(event: { type: string }): event is AnalyticsEvent {
  return (ANALYTICS_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** The fact an event makes, or null when the statistics do not read it. */
export function analyticsFactOf(event: Occurred & { type: string; data: unknown }): AnalyticsFact | null {
  if (!isAnalyticsEvent(event)) return null;
  const fact = (
    kind: FactKind,
    userId: string | null,
    key: string | null = null,
    value: string | null = null,
    steps: string | null = null,
  ): AnalyticsFact => ({
    eventId: event.id,
    kind,
    // Normalised, so the stored fact (a timestamptz read back) and the replayed one compare equal.
    at: new Date(event.metadata.occurredAt).toISOString(),
    userId,
    key,
    value,
    steps,
  });
  const stepsOf = (fields: readonly FormProgressField[]) => fields.map((field) => STEP_OF_FORM_FIELD[field]).join(',');
  switch (event.type) {
    case 'UserRegistered':
      return fact('user_registered', event.data.userId);
    case 'AccountDeleted':
      return fact('user_deleted', event.data.userId);
    case 'NotificationSettingsChanged': {
      const allow = event.data.settings.allowUpdateEmails;
      return allow === undefined ? null : fact('notifications', event.data.userId, null, allow ? '1' : '0');
    }
    case 'TemplateSubmitted':
      return fact(
        'post_created',
        event.data.authorId,
        event.data.templateId,
        event.data.title,
        event.data.formSteps ? stepsOf(event.data.formSteps) : null,
      );
    case 'TemplateApproved':
    case 'TemplateEdited': {
      // The title visitors see: an edit waiting for review (or denied) never shows.
      const { title } = publishedContent(event);
      return title === undefined ? null : fact('post_titled', null, event.data.templateId, title);
    }
    case 'TemplateDeleted':
    case 'TemplatePermanentlyDeleted':
      return fact('post_removed', null, event.data.templateId);
    case 'CommentPosted':
      return fact('comment', event.data.authorId, event.data.templateId);
    case 'TemplateClicked':
      return fact('click', event.data.userId, event.data.templateId);
    case 'TemplateSaved':
      return fact('save', event.data.userId, event.data.templateId);
    case 'TemplateUnsaved':
      return fact('unsave', event.data.userId, event.data.templateId);
    case 'TemplateLiked':
      return fact('like', event.data.userId, event.data.templateId);
    case 'TemplateViewed':
      return fact('view', event.data.userId, event.data.templateId);
    case 'SearchPerformed':
      return fact('search', event.data.userId, event.data.searchTerm);
    case 'TemplateFormProgressed':
      return fact(
        'form_progress',
        event.data.userId,
        null,
        null,
        stepsOf(FORM_PROGRESS_FIELDS.filter((field) => event.data.formProgress[field] === true)),
      );
    case 'TemplatePurchased':
      return fact('purchase', event.data.buyerId, event.data.templateId);
  }
}

/** Facts in one order whatever their source: by time, then by event id. */
export function compareFacts(a: AnalyticsFact, b: AnalyticsFact): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}
