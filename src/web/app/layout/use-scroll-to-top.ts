import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Pages that render late (lazy images, streamed lists) can push the page down after the first scroll. */
export const SECOND_SCROLL_TO_TOP_DELAY_MS = 100;

/**
 * Scrolls to the top on every route change, and once more shortly after. Not when the app starts:
 * that is no route change, and on a server-rendered page the visitor may have scrolled already.
 */
export function useScrollToTopOnRouteChange(): void {
  const { pathname } = useLocation();
  const startPathname = useRef(pathname);
  const routeChanged = useRef(false);

  useEffect(() => {
    if (!routeChanged.current && pathname === startPathname.current) return;
    routeChanged.current = true;
    window.scrollTo(0, 0);
    const secondScroll = window.setTimeout(() => window.scrollTo(0, 0), SECOND_SCROLL_TO_TOP_DELAY_MS);
    return () => window.clearTimeout(secondScroll);
  }, [pathname]);
}
