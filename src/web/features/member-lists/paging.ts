import { MAX_LIST_PAGE } from '@domain/shared/pagination.js';
import type { PageNumbers } from '@/components/ui/Pagination.js';

/**
 * The ?page= of a member list's URL: a whole number from 1 up; anything else reads as the first page.
 * A page past the highest the API serves asks for that one, which (being past the end) leads to the last real page.
 */
export function pageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  if (page > MAX_LIST_PAGE && Number.isInteger(page)) return MAX_LIST_PAGE;
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The page count of `total` items shown `pageSize` at a time; an empty list still has one page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The Pagination buttons' targets: null where the button would go nowhere. */
export function pageNumbersFor(page: number, totalPages: number): PageNumbers {
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  return {
    first: hasPrevious ? 1 : null,
    prev: hasPrevious ? Math.min(page - 1, totalPages) : null,
    next: hasNext ? page + 1 : null,
    last: hasNext ? totalPages : null,
  };
}

/** The list's address for `page`: page 1 has no query, so it and the bare path are one entry in the history. */
export function pageLocation(pathname: string, page: number): string {
  return page <= 1 ? pathname : `${pathname}?page=${page}`;
}
