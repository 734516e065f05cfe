import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons along the bottom; a Close button when none are given. */
  actions?: ReactNode;
  /** 'danger' colours the title for errors. */
  tone?: 'default' | 'danger';
  className?: string;
}

/** What Tab can reach inside a dialog. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Props for a native <dialog> shown modally while `open`: the browser makes the page behind it inert
 * and returns focus on close, but Tab past the last control leaves the page for the browser's own
 * controls, so Tab and Shift+Tab wrap around inside. Escape and a click on the backdrop ask `onClose`
 * (the owner decides).
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    ref,
    /**
     * The browser may close a dialog itself (Escape before any click on the page fires no cancel
     * event): the owner is told, so its state and what closing means (a cleared flag) follow.
     */
    onClose() {
      if (openRef.current) onClose();
    },
    onCancel(event: SyntheticEvent<HTMLDialogElement>) {
      event.preventDefault();
      onClose();
    },
    onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
      if (event.key !== 'Tab') return;
      const tabbable = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
        (element) => element.getClientRects().length > 0,
      );
      const [first, last] = [tabbable[0], tabbable.at(-1)];
      if (first === undefined || last === undefined) return;
      const active = document.activeElement;
      const wrapTo = event.shiftKey ? (active === first || active === event.currentTarget ? last : null) : active === last ? first : null;
      if (wrapTo === null) return;
      event.preventDefault();
      wrapTo.focus();
    },
    onClick(event: MouseEvent<HTMLDialogElement>) {
      // A click on the backdrop lands on the dialog element itself.
      if (event.target === ref.current) onClose();
    },
  };
}

/** A titled modal dialog with actions along the bottom. */
export function Modal({ open, title, onClose, children, actions, tone = 'default', className }: ModalProps) {
  const dialog = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog {...dialog} className={`modal${className ? ` ${className}` : ''}`} aria-labelledby={titleId}>
      {open && (
        <div className="modal__body">
          <header className="modal__header">
            <h2 id={titleId} className={`modal__title modal__title--${tone}`}>
              {title}
            </h2>
            <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </header>
          <div className="modal__content">{children}</div>
          <footer className="modal__actions">
            {actions ?? (
              <button type="button" className="button button--primary" onClick={onClose}>
                Close
              </button>
            )}
          </footer>
        </div>
      )}
    </dialog>
  );
}
