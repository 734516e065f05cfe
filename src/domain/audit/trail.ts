import type { TrailLink } from './chain.js';

/**
 * The events a post's trail shows its author: the decisions about it and the money it made
 * (submitted, reviewed, flagged, hidden, restored, edited, price requested and decided, sold,
 * refunded, deleted). Likes, saves, views and comments are not decisions.
 */
export const TRAIL_EVENT_TYPES: ReadonlySet<string> = new Set([
  'TemplateSubmitted',
  'TemplateApproved',
  'TemplateDenied',
  'TemplateFlaggedForReview',
  'TemplateFlagCleared',
  'TemplateHidden',
  'TemplateEdited',
  'TemplatePriceChangeRequested',
  'TemplatePriceChanged',
  'TemplatePriceChangeDeclined',
  'TemplateDeleted',
  'TemplatePermanentlyDeleted',
  'PurchaseRecorded',
  'PurchaseRefunded',
  'DuplicatePaymentRefunded',
  'DuplicatePaymentRefundFailed',
  'RemovedPostPaymentRefunded',
  'RemovedPostPaymentRefundFailed',
]);

/** One decision on a post: when, what, by which role and why, and its link in the audit chain (null until linked). */
export interface TrailEntry {
  position: string;
  at: string;
  type: string;
  title: string;
  /** The actor's role, never who they are. */
  actorRole: string;
  reason: string | null;
  link: TrailLink | null;
}

/** A post's trail as it is answered and downloaded. */
export interface PostTrail {
  resourceId: string;
  title: string;
  /** The chain's head when the trail was read: compare it with a head published or written down. */
  head: { position: string; hash: string } | null;
  entries: TrailEntry[];
}

export const TRAIL_MESSAGES = {
  emptyLog: 'The log holds no events yet, so the audit chain has no head.',
  notAvailable: 'The audit chain is kept for the Postgres event store only; this server stores its events in EventStoreDB.',
} as const;

/** Who acted, by role only: a trail never names another member. */
export function trailActorLabel(role: string): string {
  switch (role) {
    case 'admin':
      return 'An admin';
    case 'owner':
      return 'The site owner';
    case 'system':
      return 'Tessera, automatically';
    case 'operator':
      return 'An operator (command line)';
    case 'anonymous':
      return 'A visitor';
    default:
      return 'A member';
  }
}

/** The file name a downloaded trail is saved under. */
export const trailFileName = (resourceId: string) => `tessera-trail-${resourceId}.json`;
