import type { PayoutAccountUpdated, PurchaseRecorded, PurchaseRefunded } from '../commerce/events.js';
import type { CommentPosted } from '../engagement/events.js';
import type { DomainEvent } from '../shared/events.js';
import type {
  TemplateApproved,
  TemplateDenied,
  TemplateFlagCleared,
  TemplateHidden,
  TemplateVersionPublished,
} from '../templates/events.js';

/*
 * Which events of the log a member's webhooks receive, and what each sends. One entry per source
 * event type: adding a webhook event is one entry.
 */

/** What a member may subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = [
  'sale.completed',
  'sale.refunded',
  'post.reviewed',
  'post.commented',
  'post.version_published',
  'payout_account.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Whose webhooks receive an event: a member directly, or the author of a post. */
export type WebhookOwner = { userId: string } | { authorOf: string };

interface CatalogueEntry<E extends DomainEvent> {
  type: WebhookEventType;
  describe: (data: E['data']) => { owner: WebhookOwner; data: Record<string, unknown> };
}

const entry = <E extends DomainEvent>(type: WebhookEventType, describe: CatalogueEntry<E>['describe']): CatalogueEntry<E> => ({
  type,
  describe,
});

const review = (decision: 'approved' | 'denied' | 'hidden' | 'restored') => (data: { templateId: string; reason?: string | null }) => ({
  owner: { authorOf: data.templateId },
  data: { postId: data.templateId, decision, reason: data.reason ?? null },
});

export const WEBHOOK_CATALOGUE = {
  PurchaseRecorded: entry<PurchaseRecorded>('sale.completed', (data) => ({
    owner: { userId: data.sellerId },
    data: {
      saleId: data.purchaseId,
      postId: data.templateId,
      title: data.bought.title,
      revision: data.bought.revision,
      price: data.price,
      platformFee: data.platformFee,
      provider: data.provider,
    },
  })),
  PurchaseRefunded: entry<PurchaseRefunded>('sale.refunded', (data) => ({
    owner: { userId: data.sellerId },
    data: { saleId: data.purchaseId, postId: data.templateId, title: data.title, amount: data.amount, provider: data.provider },
  })),
  TemplateApproved: entry<TemplateApproved>('post.reviewed', review('approved')),
  TemplateDenied: entry<TemplateDenied>('post.reviewed', review('denied')),
  TemplateHidden: entry<TemplateHidden>('post.reviewed', review('hidden')),
  TemplateFlagCleared: entry<TemplateFlagCleared>('post.reviewed', review('restored')),
  CommentPosted: entry<CommentPosted>('post.commented', (data) => ({
    owner: { authorOf: data.templateId },
    data: { postId: data.templateId, commentId: data.commentId, authorId: data.authorId, message: data.message },
  })),
  TemplateVersionPublished: entry<TemplateVersionPublished>('post.version_published', (data) => ({
    owner: { authorOf: data.templateId },
    // The content without its link: the link is for the post's buyers, not for every integration.
    data: { postId: data.templateId, version: data.version, changeNote: data.changeNote, changed: data.changed, title: data.content.title },
  })),
  PayoutAccountUpdated: entry<PayoutAccountUpdated>('payout_account.updated', (data) => ({
    owner: { userId: data.userId },
    data: { accountId: data.accountId, detailsSubmitted: data.detailsSubmitted, chargesEnabled: data.chargesEnabled },
  })),
} as const;

/** The log's event types any webhook may be sent for. */
export const WEBHOOK_SOURCE_EVENT_TYPES = Object.keys(WEBHOOK_CATALOGUE) as (keyof typeof WEBHOOK_CATALOGUE)[];

/** What a webhook sends for a source event, and whose endpoints receive it; null for an event no webhook sends. */
export function webhookEventFor(event: {
  type: string;
  data: unknown;
}): { type: WebhookEventType; owner: WebhookOwner; data: Record<string, unknown> } | null {
  const found = (WEBHOOK_CATALOGUE as Record<string, CatalogueEntry<DomainEvent>>)[event.type];
  if (!found) return null;
  return { type: found.type, ...found.describe(event.data) };
}
