import { useEffect, useId, useRef, type ReactNode } from 'react';

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
 * A modal dialog on the native <dialog> element: the browser traps focus inside, Escape closes it,
 * and focus returns to where it was when it closes.
 */
export function Modal({ open, title, onClose, children, actions, tone = 'default', className }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current) onClose();
      }}
    >
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
