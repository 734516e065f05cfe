import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

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

/**
 * Props for a native <dialog> shown modally while `open`: the browser traps focus inside and returns
 * it on close; Escape and a click on the backdrop ask `onClose` (the owner decides).
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
