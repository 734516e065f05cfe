import { matchesFilter, type QueueFilter } from '@domain/templates/lifecycle.js';

/** Oldest first; entries with the same time keep the server's order. */
export function inTimeOrder<Entry extends { _date: string }>(entries: readonly Entry[]): Entry[] {
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry._date) }))
    .sort((a, b) => (a.time === b.time || Number.isNaN(a.time) || Number.isNaN(b.time) ? a.index - b.index : a.time - b.time))
    .map(({ entry }) => entry);
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
