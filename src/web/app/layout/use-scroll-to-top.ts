import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Pages that render late (lazy images, streamed lists) can push the page down after the first scroll. */
export const SECOND_SCROLL_TO_TOP_DELAY_MS = 100;

/** Scrolls to the top on every route change, and once more shortly after. */
export function useScrollToTopOnRouteChange(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
    const secondScroll = window.setTimeout(() => window.scrollTo(0, 0), SECOND_SCROLL_TO_TOP_DELAY_MS);
    return () => window.clearTimeout(secondScroll);
  }, [pathname]);
}
