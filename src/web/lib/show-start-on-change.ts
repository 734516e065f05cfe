import { useEffect, useRef, type RefObject } from 'react';

/**
 * When `change` changes (not on the first render), brings the start of `target` into view if it is
 * above the window or under the sticky bars (its CSS scroll-margin-top says how tall they are): a new
 * step that replaces a long form, whose button was at its foot, is read from its start.
 */
export function useShowStartOnChange(target: RefObject<HTMLElement | null>, change: unknown): void {
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const element = target.current;
    if (element === null) return;
    const hiddenAbove = element.getBoundingClientRect().top < parseFloat(getComputedStyle(element).scrollMarginTop || '0');
    if (hiddenAbove) element.scrollIntoView({ block: 'start' });
  }, [target, change]);
}
