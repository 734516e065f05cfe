import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { Modal } from '@/components/ui/Modal.js';

/**
 * While `dirty`, leaving the page inside the app asks 'Unsaved Changes' (Stay or Leave),
 * and closing or reloading the tab gets the browser's own leave warning.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  // Read at unload time, so a form that just saved (and re-rendered synchronously) can leave at once.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={ACCOUNT_MESSAGES.unsavedChangesTitle}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={() => blocker.reset?.()}>
            Stay
          </button>
          <button type="button" className="button button--primary" onClick={() => blocker.proceed?.()}>
            Leave
          </button>
        </>
      }
    >
      <p>{ACCOUNT_MESSAGES.unsavedChanges}</p>
    </Modal>
  );
}
