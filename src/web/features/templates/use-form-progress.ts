import { useEffect, useRef } from 'react';

import { trackFormProgress } from './api.js';
import type { TouchedFlags } from './template-form.js';

/** Spec section 9: the touched flags are sent this long after the last change. */
export const FORM_PROGRESS_DEBOUNCE_MS = 2000;

/** Sends the touched flags FORM_PROGRESS_DEBOUNCE_MS after the last change; nothing before the first change. */
export function useFormProgressTracking(username: string, touched: TouchedFlags, changeCount: number): void {
  const latest = useRef(touched);
  latest.current = touched;
  useEffect(() => {
    if (changeCount === 0) return;
    const timer = setTimeout(() => void trackFormProgress(username, latest.current), FORM_PROGRESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [username, changeCount]);
}
