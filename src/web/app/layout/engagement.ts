import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { readCookie, writeCookie } from '@/lib/browser-storage.js';
import { getActiveModal, openEngagementModal } from '@/lib/client-state.js';
import { ENGAGEMENT } from '@/lib/shell-constants.js';

export function isEngagementExcluded(pathname: string): boolean {
  return ENGAGEMENT.excludedPaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * Once per visitor, 30 s after arriving, the engagement modal opens — not on the excluded pages
 * and not over another modal; the new-visitor cookie then keeps it away for 30 days.
 */
export function useEngagementModal(): void {
  const { pathname } = useLocation();
  const excluded = isEngagementExcluded(pathname);

  useEffect(() => {
    if (excluded || readCookie(ENGAGEMENT.cookieName) !== null) return;
    const timer = window.setTimeout(() => {
      if (getActiveModal() !== null || readCookie(ENGAGEMENT.cookieName) !== null) return;
      writeCookie(ENGAGEMENT.cookieName, 'seen', ENGAGEMENT.flagDays);
      openEngagementModal();
    }, ENGAGEMENT.delayMs);
    return () => window.clearTimeout(timer);
  }, [excluded]);
}
