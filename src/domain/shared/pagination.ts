/*
 * Page arithmetic, once: which rows a 1-based page holds, and the page counts every paged
 * answer carries (created posts, review queue, profile posts, search).
 */

/** The highest page number a member list (saved, created posts) serves; asked for more, it answers 400. */
export const MAX_LIST_PAGE = 100_000;

/** The rows of page `page` (1-based) when pages hold `pageSize`. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** How many of `total` items page `page` (1-based) holds when pages hold `pageSize`. */
export function itemsOnPage(total: number, page: number, pageSize: number): number {
  return Math.min(pageSize, Math.max(0, total - (page - 1) * pageSize));
}

/** How many pages `total` items fill; an empty list still has one (empty) page. */
export function totalPagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The spec's pagination object's core; answers add their own fields (links, texts) to it. */
export interface PageCounts {
  currentPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
}

export function pageCounts(page: number, pageSize: number, total: number): PageCounts {
  return { currentPage: page, totalPages: totalPagesOf(total, pageSize), totalItems: total, itemsPerPage: pageSize };
}
