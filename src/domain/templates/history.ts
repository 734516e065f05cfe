/** How a resource's history reads (spec: History item — title and date per event). */
import { isPublic } from './lifecycle.js';

const TITLES: Record<string, (data: Record<string, unknown>) => string> = {
  TemplateSubmitted: () => 'Created and sent for review',
  TemplateApproved: (data) => (data.published ? 'Edit approved and published' : 'Approved'),
  TemplateDenied: (data) => (data.editOnly ? 'Edit denied (the approved version stays live)' : 'Denied'),
  TemplateFlaggedForReview: (data) => (data.whileEditWaits ? 'Flagged for review once the waiting edit is decided' : 'Flagged for review'),
  TemplateFlagCleared: () => 'Marked as not flagged',
  TemplateHidden: () => 'Hidden',
  TemplateEdited: (data) =>
    `Edited (${Object.keys((data.changes as object | undefined) ?? {}).join(', ')}) and sent for ${typeof data.previousStatus === 'string' && !isPublic(data.previousStatus) ? 'review' : 're-approval'}`,
  TemplateImagesCleared: () => 'Screenshots cleared',
  TemplatePriceChangeRequested: (data) => `Price change requested: $${String(data.currentPrice)} → $${String(data.newPrice)}`,
  TemplatePriceChanged: (data) =>
    `Price changed by an admin: $${String(data.from)} → $${String(data.to)}${data.requested === null ? '' : ' (request approved)'}`,
  TemplatePriceChangeDeclined: (data) => `Price change to $${String(data.requested)} declined`,
  TemplateSponsored: (data) => (data.sponsored ? 'Sponsored' : 'Unsponsored'),
  TemplateDeleted: () => 'Deleted',
  TemplatePermanentlyDeleted: () => 'Permanently deleted by an admin',
  TemplatePurchased: () => 'Purchased',
  TemplatePurchaseRefunded: () => 'Purchase refunded',
};

/** A title for any event type, also those of other areas: 'TemplateLiked' reads 'Liked'. */
export function historyTitle(type: string, data: unknown): string {
  const title = TITLES[type];
  if (title) return title((data ?? {}) as Record<string, unknown>);
  const words = type
    .replace(/^Template/u, '')
    .replace(/([a-z0-9])([A-Z])/gu, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields of an event's data a history may show: decisions and their reasons, never personal data. */
export function historyDetails(data: unknown): { reason: string | null; details: Record<string, unknown> } {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const details: Record<string, unknown> = {};
  if (typeof record.sponsored === 'boolean') details.sponsored = record.sponsored;
  if (typeof record.newPrice === 'number') details.newPrice = record.newPrice;
  if (typeof record.currentPrice === 'number') details.currentPrice = record.currentPrice;
  if (typeof record.previousStatus === 'string') details.previousStatus = record.previousStatus;
  if (typeof record.changes === 'object' && record.changes !== null) details.changedFields = Object.keys(record.changes);
  return { reason: typeof record.reason === 'string' ? record.reason : null, details };
}

/** One entry of a resource's history (GET /resources/:id/history, POST /admin/resources/fetchHistory). */
export interface HistoryEntry {
  id: string;
  type: string;
  title: string;
  _date: string;
  actor: { userId: string | null; username: string | null; role: string; impersonatedBy: string | null };
  reason: string | null;
  /** The resource's status after this event; null for events of other streams (likes, reports). */
  status: string | null;
  details: Record<string, unknown>;
}

export interface ResourceHistory {
  resourceId: string;
  title: string;
  history: HistoryEntry[];
}
