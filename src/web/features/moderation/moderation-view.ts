import type { PageNumbers } from '../../components/ui/Pagination.js';
import type { TemplateStatus } from '../../../domain/templates/events.js';

/** A decision the admin may take, and the status PUT /admin/resources/update is asked for. */
export interface ReviewAction {
  decision: 'approve' | 'deny' | 'not_flagged' | 'hide';
  label: string;
  /** What the toast says once it is done. */
  doneLabel: string;
  status: 'live' | 'not approved' | 'hidden';
}

const APPROVE: ReviewAction = { decision: 'approve', label: 'Approve', doneLabel: 'Approved', status: 'live' };
const DENY: ReviewAction = { decision: 'deny', label: 'Deny', doneLabel: 'Denied', status: 'not approved' };
const NOT_FLAGGED: ReviewAction = { decision: 'not_flagged', label: 'Not Flagged', doneLabel: 'Marked as not flagged', status: 'live' };
const HIDE: ReviewAction = { decision: 'hide', label: 'Hide It', doneLabel: 'Hidden', status: 'hidden' };

/** Only the spec's admin transitions (generator-admin-site.md section 4); other statuses take no decision. */
export function reviewActionsFor(status: string): readonly ReviewAction[] {
  switch (status.toLowerCase()) {
    case 'under review':
    case 'under review edit':
      return [APPROVE, DENY];
    case 'live flagged':
      return [NOT_FLAGGED, HIDE];
    default:
      return [];
  }
}

/** The review queue's status filter: 'pending' is everything awaiting a decision (the server's default). */
export type QueueFilter = 'pending' | 'all' | TemplateStatus;

export const QUEUE_FILTERS: readonly { value: QueueFilter; label: string }[] = [
  { value: 'pending', label: 'Awaiting a decision' },
  { value: 'under review', label: 'Under review' },
  { value: 'under review edit', label: 'Under review edit' },
  { value: 'live flagged', label: 'Live flagged' },
  { value: 'live', label: 'Live' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'not approved', label: 'Not approved' },
  { value: 'all', label: 'All statuses' },
];

/** The admin sees the raw status value (spec section 4), capitalised: 'Under review edit'. */
export function adminStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** '22 Nov 2026, 20:36' in the viewer's locale and time zone. */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Oldest first; entries with the same time keep the server's order. */
export function inTimeOrder<Entry extends { _date: string }>(entries: readonly Entry[]): Entry[] {
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry._date) }))
    .sort((a, b) => (a.time === b.time || Number.isNaN(a.time) || Number.isNaN(b.time) ? a.index - b.index : a.time - b.time))
    .map(({ entry }) => entry);
}

/** The pager's buttons for page `current` of `total` (1-based): null where there is nowhere to go. */
export function pageNumbersFor(current: number, total: number): PageNumbers {
  const onFirst = current <= 1;
  const onLast = current >= total;
  return { first: onFirst ? null : 1, prev: onFirst ? null : current - 1, next: onLast ? null : current + 1, last: onLast ? null : total };
}

/** Does a resource with `status` belong in a list filtered by `filter`? ('pending': awaiting a decision.) */
export function matchesFilter(status: string, filter: QueueFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'pending') return reviewActionsFor(status).length > 0;
  return status === filter;
}

export interface ListedPage<Row extends { _id: string; status: string }> {
  data: Row[];
  results: number;
}

/**
 * The list after the admin acted on one row: `change` applied, the row kept while it still matches
 * the filter, dropped (and the total lowered) otherwise; `change` null means the row is gone.
 */
export function pageAfterChange<Row extends { _id: string; status: string }>(
  page: ListedPage<Row>,
  resourceId: string,
  change: Partial<Row> | null,
  filter: QueueFilter,
): ListedPage<Row> {
  const row = page.data.find((candidate) => candidate._id === resourceId);
  if (row === undefined) return page;
  const changed = change === null ? null : { ...row, ...change };
  if (changed !== null && matchesFilter(changed.status, filter)) {
    return { results: page.results, data: page.data.map((candidate) => (candidate._id === resourceId ? changed : candidate)) };
  }
  return { data: page.data.filter((candidate) => candidate._id !== resourceId), results: page.results - 1 };
}
