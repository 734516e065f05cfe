import type { DomainEvent } from '../shared/events.js';
import type { FormProgressField } from './form-progress.js';
import type { TemplateStatus } from './lifecycle.js';
import type { TemplateContent } from './rules.js';
import type { VersionContent, VersionField } from './versions.js';

/** The content an author may change after submission (price and taxonomy need an admin). */
export type EditableContent = Pick<TemplateContent, 'title' | 'description' | 'instructions' | 'url' | 'keywords' | 'imageUrls'>;

/*
 * Every decision records who (metadata.actor), when (metadata.occurredAt) and why (data.reason;
 * null where a reason is optional and none was given).
 */
/**
 * `importedBy`: the admin who imported the post from a CSV file for its author (absent when the author submitted it).
 * `formSteps`: the create form's fields the submission carried, for the funnel (absent for imports and in older events).
 */
export type TemplateSubmitted = DomainEvent<
  'TemplateSubmitted',
  TemplateContent & { templateId: string; authorId: string; titleUrl: string; importedBy?: string; formSteps?: FormProgressField[] }
>;
/**
 * Under review (or under review edit) → live. `published`: the waiting edit this approval makes
 * public (absent when none waited), so every read model publishes exactly what the moderator saw.
 */
export type TemplateApproved = DomainEvent<
  'TemplateApproved',
  { templateId: string; reviewerId: string; reason?: string | null; published?: Partial<EditableContent> }
>;
/**
 * A new version of the post is public: its first approval (v1), or an approval that changed its
 * public content (an edit, an admin's correction, a price change). Follows the event that made it so.
 * `content`: the whole public content of this version; `changed`: the fields that differ from the version before.
 */
export type TemplateVersionPublished = DomainEvent<
  'TemplateVersionPublished',
  { templateId: string; version: number; changeNote: string | null; changed: VersionField[]; content: VersionContent }
>;
/**
 * Under review → not approved; the reason is required. `editOnly`: an edit of an approved post was
 * denied, so the edit is dropped and the approved version stays live (absent in older events).
 */
export type TemplateDenied = DomainEvent<'TemplateDenied', { templateId: string; reviewerId: string; reason: string; editOnly?: boolean }>;
/**
 * Live → live flagged: users' flags asked a moderator to look again. `whileEditWaits`: the post
 * has an edit waiting (under review edit) and stays so; the flag review opens once the edit is decided.
 */
/** `flags`: the red flags counted when members' flags opened the review (absent for a report, and in events before it was recorded). */
export type TemplateFlaggedForReview = DomainEvent<
  'TemplateFlaggedForReview',
  { templateId: string; reason: string; whileEditWaits?: true; flags?: number }
>;
/** Live flagged → live ("Not Flagged"). */
export type TemplateFlagCleared = DomainEvent<'TemplateFlagCleared', { templateId: string; reviewerId: string; reason: string | null }>;
/** Live flagged → hidden ("Hide It"). */
export type TemplateHidden = DomainEvent<'TemplateHidden', { templateId: string; reviewerId: string; reason: string | null }>;
/**
 * A public post → under review edit: the changes wait for a moderator while the approved version
 * stays public. A post nobody can see yet → under review, its content replaced (lifecycle.statusAfter).
 */
export type TemplateEdited = DomainEvent<
  'TemplateEdited',
  {
    templateId: string;
    editorId: string;
    changes: Partial<EditableContent>;
    previousStatus: TemplateStatus;
    /** The author's note on what changed, shown with the version the edit becomes (absent when none). */
    changeNote?: string;
  }
>;
export type TemplateImagesCleared = DomainEvent<'TemplateImagesCleared', { templateId: string; editorId: string }>;
/** The author asks an admin to change the price (price edits need a request). No status change. */
export type TemplatePriceChangeRequested = DomainEvent<
  'TemplatePriceChangeRequested',
  { templateId: string; requesterId: string; currentPrice: number; newPrice: number }
>;
/**
 * An admin set the price: directly in resource management, or by approving the author's request
 * (`requested`: the requested price the admin approved; null for a direct change). No status change.
 */
export type TemplatePriceChanged = DomainEvent<
  'TemplatePriceChanged',
  { templateId: string; reviewerId: string; from: number; to: number; requested: number | null }
>;
/** An admin declined the author's waiting price-change request; the price stays. */
export type TemplatePriceChangeDeclined = DomainEvent<
  'TemplatePriceChangeDeclined',
  { templateId: string; reviewerId: string; requested: number; reason: string | null }
>;
export type TemplateSponsored = DomainEvent<'TemplateSponsored', { templateId: string; sponsored: boolean; reason?: string | null }>;
/** Removed by its author (or an admin through the editor); refused once someone bought it. */
export type TemplateDeleted = DomainEvent<'TemplateDeleted', { templateId: string; deletedBy: string; reason: string | null }>;
/** An admin's permanent delete from moderation: allowed whatever the owners. */
export type TemplatePermanentlyDeleted = DomainEvent<
  'TemplatePermanentlyDeleted',
  { templateId: string; reviewerId: string; reason: string | null }
>;
/**
 * A buyer became an owner. Declared here so the delete rule can count owners; commerce appends
 * it to the template's stream when a purchase completes.
 */
export type TemplatePurchased = DomainEvent<'TemplatePurchased', { templateId: string; buyerId: string; priceCents: number }>;
/** The buyer's purchase was refunded: they are no longer an owner (commerce appends it after PurchaseRefunded). */
export type TemplatePurchaseRefunded = DomainEvent<'TemplatePurchaseRefunded', { templateId: string; buyerId: string }>;

export type TemplateEvent =
  | TemplateSubmitted
  | TemplateApproved
  | TemplateDenied
  | TemplateFlaggedForReview
  | TemplateFlagCleared
  | TemplateHidden
  | TemplateEdited
  | TemplateImagesCleared
  | TemplatePriceChangeRequested
  | TemplatePriceChanged
  | TemplatePriceChangeDeclined
  | TemplateSponsored
  | TemplateDeleted
  | TemplatePermanentlyDeleted
  | TemplatePurchased
  | TemplatePurchaseRefunded
  | TemplateVersionPublished;

/** Every type on a template stream but the version marks (the versions read model follows those), for projections that follow the whole lifecycle. */
export const TEMPLATE_EVENT_TYPES = [
  'TemplateSubmitted',
  'TemplateApproved',
  'TemplateDenied',
  'TemplateFlaggedForReview',
  'TemplateFlagCleared',
  'TemplateHidden',
  'TemplateEdited',
  'TemplateImagesCleared',
  'TemplatePriceChangeRequested',
  'TemplatePriceChanged',
  'TemplatePriceChangeDeclined',
  'TemplateSponsored',
  'TemplateDeleted',
  'TemplatePermanentlyDeleted',
  'TemplatePurchased',
  'TemplatePurchaseRefunded',
] as const satisfies readonly TemplateEvent['type'][];

export const templateStream = (templateId: string) => `template-${templateId}`;

/** The create form's touched flags (spec: Creation progress), sent 2 s after the last change; they feed the creation funnel. */
export type TemplateFormProgressed = DomainEvent<'TemplateFormProgressed', { userId: string; formProgress: Record<string, boolean> }>;
export const templateFormStream = (userId: string) => `template-form-${userId}`;
