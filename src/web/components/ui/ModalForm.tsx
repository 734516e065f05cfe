import { useId, type ReactNode } from 'react';

import { SENDING_LABEL } from '@/lib/use-submission.js';
import { Modal } from './Modal.js';

export interface ModalFormProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Called on submit, the page's own submission prevented. */
  onSubmit: () => void;
  /** The submit button's words when no request is on its way. */
  submitLabel: string;
  /** A request is on its way: the button says so and waits. */
  pending: boolean;
  /** The button waits for something more than the request (a required field still empty). */
  submitDisabled?: boolean;
  /** 'danger' for a form that reports or removes something. */
  submitTone?: 'primary' | 'danger';
  /** 'danger' colours the title, for a form that removes something for good. */
  titleTone?: 'default' | 'danger';
  /** A class for the dialog beside `modal`, for a form that needs its own width. */
  className?: string;
  /** What went wrong, said once under the fields. */
  error?: ReactNode;
  children: ReactNode;
}

/**
 * A form in a modal dialog (Modal: the browser traps focus, the title labels it), with Cancel and
 * a submit button along the bottom: every modal form words and styles them alike.
 */
export function ModalForm({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
  pending,
  submitDisabled = false,
  submitTone = 'primary',
  titleTone = 'default',
  className,
  error,
  children,
}: ModalFormProps) {
  const formId = useId();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      tone={titleTone}
      className={className}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className={`button button--${submitTone}`}
            disabled={pending || submitDisabled}
            aria-busy={pending}
          >
            {pending ? SENDING_LABEL : submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {Boolean(error) && (
          <p className="form-alert form-alert--danger" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
