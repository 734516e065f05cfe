import { useEffect, useRef, type RefObject } from 'react';

import { SCROLL_AFTER_PAGE_CHANGE_MS, SCROLL_AFTER_PAGE_CHANGE_OFFSET_PX } from '@domain/discovery/constants.js';

export interface PageNumbers {
  first: number | null;
  prev: number | null;
  next: number | null;
  last: number | null;
}

/** The pager's buttons for page `current` of `total` (1-based): null where there is nowhere to go. */
export function pageNumbersFor(current: number, total: number): PageNumbers {
  const onFirst = current <= 1;
  const onLast = current >= total;
  return { first: onFirst ? null : 1, prev: onFirst ? null : current - 1, next: onLast ? null : current + 1, last: onLast ? null : total };
}

interface PaginationProps {
  pageNumbers: PageNumbers;
  /** '2 / 7' */
  pageStatus: string;
  onPage: (page: number) => void;
}

const BUTTONS = [
  { key: 'first', label: 'First page', text: '«' },
  { key: 'prev', label: 'Previous page', text: '‹' },
  { key: 'next', label: 'Next page', text: '›' },
  { key: 'last', label: 'Last page', text: '»' },
] as const;

/** First, previous, next and last, each disabled when its page number is missing (spec section 4). */
export function Pagination({ pageNumbers, pageStatus, onPage }: PaginationProps) {
  const [first, prev, next, last] = BUTTONS.map((button) => {
    const page = pageNumbers[button.key];
    return (
      <button
        key={button.key}
        type="button"
        className="pagination__button"
        aria-label={button.label}
        disabled={page === null}
        onClick={() => page !== null && onPage(page)}
      >
        {button.text}
      </button>
    );
  });
  return (
    <nav className="pagination" aria-label="Pagination">
      {first}
      {prev}
      <span className="pagination__status" aria-live="polite">
        {pageStatus}
      </span>
      {next}
      {last}
    </nav>
  );
}

/** After the page number changes, scrolls the list back into view (by default 300 ms later, 100 px above it). */
export function useScrollAfterPageChange(
  target: RefObject<HTMLElement | null>,
  page: number,
  { delayMs = SCROLL_AFTER_PAGE_CHANGE_MS, offsetPx = SCROLL_AFTER_PAGE_CHANGE_OFFSET_PX }: { delayMs?: number; offsetPx?: number } = {},
): void {
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timer = window.setTimeout(() => {
      const top = (target.current?.getBoundingClientRect().top ?? 0) + window.scrollY - offsetPx;
      window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [page, target, delayMs, offsetPx]);
}
