import type { EditableContent, TemplateEvent } from './events.js';

/*
 * The template lifecycle in one place: the statuses, where each event leads, the moderators'
 * decisions, who may see, find and engage with a post in each status, and the labels. The
 * decider, the projectors, the read-model queries, the routes and the web import it; nothing
 * else spells a status.
 */

/** The spec's status values (generator-admin-site.md, Resource status values). */
export const TEMPLATE_STATUSES = ['under review', 'under review edit', 'live', 'live flagged', 'not approved', 'hidden'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** Each status by name, for code that means one of them. */
export const STATUS = {
  /** New, never approved: only the author and moderators see it. */
  underReview: 'under review',
  /** An approved post with an edit waiting: the approved version stays public until a moderator decides. */
  underReviewEdit: 'under review edit',
  live: 'live',
  /** Members' flags asked a moderator to look again; still public meanwhile. */
  liveFlagged: 'live flagged',
  notApproved: 'not approved',
  hidden: 'hidden',
} as const satisfies Record<string, TemplateStatus>;

/** The read models' tombstone for a deleted post: no list, page or queue shows it. */
export const DELETED_STATUS = 'deleted';
/** A status as the read models store it. */
export type StoredStatus = TemplateStatus | typeof DELETED_STATUS;

/** Statuses anyone may open, find and engage with (likes, saves, comments …). */
export const PUBLIC_STATUSES: readonly TemplateStatus[] = [STATUS.live, STATUS.liveFlagged, STATUS.underReviewEdit];
/** Statuses the feeds and "related" lists recommend: public and not under a flag review. */
export const RECOMMENDED_STATUSES: readonly TemplateStatus[] = [STATUS.live, STATUS.underReviewEdit];

/** Matched case-insensitively (spec 4, Post status). */
export function isPublic(status: string): boolean {
  return (PUBLIC_STATUSES as readonly string[]).includes(status.toLowerCase());
}
/** Search finds exactly what anyone may open. */
export const isSearchable = isPublic;
/** A paid post can be bought while anyone can open it (its approved version, also while an edit waits). */
export const isForSale = isPublic;
/** Likes, saves, flags, clicks, views and comments go only to posts anyone can open. */
export const isEngageable = isPublic;
export function isRecommended(status: string): boolean {
  return (RECOMMENDED_STATUSES as readonly string[]).includes(status.toLowerCase());
}

/** Does editing a post in `status` keep an approved version public while the edit waits for a moderator? */
export function editKeepsApprovedVersion(status: TemplateStatus): boolean {
  return isPublic(status);
}

/**
 * The content an event makes public: an edit of a post nobody sees yet at once, an edit of a public
 * post only when a moderator approves it (the approved version stays meanwhile; a denial keeps it).
 */
export function publishedContent(event: TemplateEvent): Partial<EditableContent> {
  if (event.type === 'TemplateApproved') return event.data.published ?? {};
  if (event.type === 'TemplateEdited' && statusAfter(event) === STATUS.underReview) return event.data.changes;
  return {};
}

/** The status a template event leads to; undefined for events that leave the status as it is. */
export function statusAfter(event: TemplateEvent): StoredStatus | undefined {
  switch (event.type) {
    case 'TemplateSubmitted':
      return STATUS.underReview;
    case 'TemplateApproved':
    case 'TemplateFlagCleared':
      return STATUS.live;
    case 'TemplateDenied':
      // Denying an edit keeps the approved version live (events before edits waited had no flag: not approved).
      return event.data.editOnly === true ? STATUS.live : STATUS.notApproved;
    case 'TemplateHidden':
      return STATUS.hidden;
    case 'TemplateFlaggedForReview':
      return event.data.whileEditWaits ? undefined : STATUS.liveFlagged;
    case 'TemplateEdited':
      return editKeepsApprovedVersion(event.data.previousStatus) ? STATUS.underReviewEdit : STATUS.underReview;
    case 'TemplateDeleted':
    case 'TemplatePermanentlyDeleted':
      return DELETED_STATUS;
    case 'TemplateImagesCleared':
    case 'TemplatePriceChangeRequested':
    case 'TemplatePriceChanged':
    case 'TemplatePriceChangeDeclined':
    case 'TemplateSponsored':
    case 'TemplatePurchased':
    case 'TemplatePurchaseRefunded':
    case 'TemplateVersionPublished':
      return undefined;
  }
}

/** The admin portal's review decisions, named after the spec's buttons. */
export type ReviewDecision = 'approve' | 'deny' | 'hide' | 'not_flagged';

export interface ReviewAction {
  decision: ReviewDecision;
  /** The statuses it may be taken from. */
  from: readonly TemplateStatus[];
  /** The status PUT /admin/resources/update is asked for (the spec's vocabulary). */
  requests: TemplateStatus;
  /** The button, the toast once done, and the verb of the refusal ('cannot be approved'). */
  label: string;
  doneLabel: string;
  verb: string;
}

/** The moderation transitions (generator-admin-site.md section 4); a denied edit leaves the approved version live. */
export const REVIEW_ACTIONS: Readonly<Record<ReviewDecision, ReviewAction>> = {
  approve: {
    decision: 'approve',
    from: [STATUS.underReview, STATUS.underReviewEdit],
    requests: STATUS.live,
    label: 'Approve',
    doneLabel: 'Approved',
    verb: 'approved',
  },
  deny: {
    decision: 'deny',
    from: [STATUS.underReview, STATUS.underReviewEdit],
    requests: STATUS.notApproved,
    label: 'Deny',
    doneLabel: 'Denied',
    verb: 'denied',
  },
  not_flagged: {
    decision: 'not_flagged',
    from: [STATUS.liveFlagged],
    requests: STATUS.live,
    label: 'Not Flagged',
    doneLabel: 'Marked as not flagged',
    verb: 'marked as not flagged',
  },
  hide: { decision: 'hide', from: [STATUS.liveFlagged], requests: STATUS.hidden, label: 'Hide It', doneLabel: 'Hidden', verb: 'hidden' },
};

/** The decisions a moderator may take on a post in `status`, in button order. */
export function reviewActionsFor(status: string): readonly ReviewAction[] {
  const normalised = status.toLowerCase();
  return Object.values(REVIEW_ACTIONS).filter((action) => (action.from as readonly string[]).includes(normalised));
}

/** The statuses an admin may ask for (PUT /admin/resources/update). */
export const REQUESTABLE_STATUSES = [STATUS.live, STATUS.notApproved, STATUS.hidden] as const satisfies readonly TemplateStatus[];

/**
 * The decision an admin's requested status means for a post in `current`: 'live' is Approve from
 * the review statuses and Not Flagged from live flagged. A request that fits no transition still
 * names a decision, so the decider refuses it with the reason.
 */
export function decisionFor(current: string, requested: (typeof REQUESTABLE_STATUSES)[number]): ReviewDecision {
  const fitting = reviewActionsFor(current).find((action) => action.requests === requested);
  if (fitting) return fitting.decision;
  return requested === STATUS.notApproved ? 'deny' : requested === STATUS.hidden ? 'hide' : 'approve';
}

/** Everything waiting for a moderator: the review queue's default. */
export const AWAITING_DECISION: readonly TemplateStatus[] = TEMPLATE_STATUSES.filter((status) => reviewActionsFor(status).length > 0);

/** The author's status labels (posts-payments-rewards.md 4, Post status). */
export type StatusLabel = 'Live' | 'Under Review' | 'Under Review - Edited' | 'Rejected';

/** The label the author sees: a flagged post is still Live; anything not listed reads Rejected. */
export function statusLabel(status: string): StatusLabel {
  switch (status.toLowerCase()) {
    case STATUS.live:
    case STATUS.liveFlagged:
      return 'Live';
    case STATUS.underReview:
      return 'Under Review';
    case STATUS.underReviewEdit:
      return 'Under Review - Edited';
    default:
      return 'Rejected';
  }
}

/** The admin sees the raw status value (spec section 4), capitalised: 'Under review edit'. */
export function adminStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The review queue's status filter: 'pending' is everything awaiting a decision (the server's default). */
export type QueueFilter = 'pending' | 'all' | TemplateStatus;
const QUEUE_ORDER: readonly TemplateStatus[] = [
  STATUS.underReview,
  STATUS.underReviewEdit,
  STATUS.liveFlagged,
  STATUS.live,
  STATUS.hidden,
  STATUS.notApproved,
];
export const QUEUE_FILTERS: readonly { value: QueueFilter; label: string }[] = [
  { value: 'pending', label: 'Awaiting a decision' },
  ...QUEUE_ORDER.map((status) => ({ value: status, label: adminStatusLabel(status) })),
  { value: 'all', label: 'All statuses' },
];

/** Does a post with `status` belong in a list filtered by `filter`? */
export function matchesFilter(status: string, filter: QueueFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'pending') return (AWAITING_DECISION as readonly string[]).includes(status);
  return status === filter;
}

/** One changed field of a pending edit, as the moderator compares it. */
export interface FieldChange {
  field: keyof EditableContent;
  before: string | readonly string[];
  after: string | readonly string[];
}

/** The editor's names of the fields an author may change, in form order. */
export const EDITABLE_FIELD_LABELS: Readonly<Record<keyof EditableContent, string>> = {
  title: 'Title',
  description: 'Description',
  instructions: 'Instructions',
  url: 'Link',
  keywords: 'Tags',
  imageUrls: 'Screenshots',
};
const EDITABLE_FIELDS = Object.keys(EDITABLE_FIELD_LABELS) as (keyof EditableContent)[];

/** What a pending edit changes, field by field, in form order; fields it sets to their current value are left out. */
export function pendingDiff(approved: EditableContent, pending: Partial<EditableContent>): FieldChange[] {
  return EDITABLE_FIELDS.flatMap((field) => {
    const after = pending[field];
    if (after === undefined || JSON.stringify(after) === JSON.stringify(approved[field])) return [];
    return [{ field, before: approved[field], after }];
  });
}
