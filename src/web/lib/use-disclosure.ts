import { useEffect, useRef, useState } from 'react';

/**
 * Open/closed state for a button-and-popover pair: Escape and a click outside close it,
 * and Escape returns focus to the button.
 */
export function useDisclosure<Container extends HTMLElement, Trigger extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<Container>(null);
  const triggerRef = useRef<Trigger>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return { open, setOpen, toggle: () => setOpen((was) => !was), containerRef, triggerRef };
}
