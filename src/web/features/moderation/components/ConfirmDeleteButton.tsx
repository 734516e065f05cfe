import { useEffect, useState } from 'react';

import { DELETE_CONFIRM_LABEL, DELETE_CONFIRM_WINDOW_MS } from '@domain/templates/admin-edit.js';

/** Spec: deleting needs two clicks; the first shows "Confirm Delete?" for 5 seconds, a second click within them deletes. */
export function ConfirmDeleteButton({ busy, onDelete }: { busy: boolean; onDelete: () => void }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), DELETE_CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [armed]);
  return (
    <button
      type="button"
      className="button button--danger"
      disabled={busy}
      onClick={() => {
        if (!armed) {
          setArmed(true);
          return;
        }
        setArmed(false);
        onDelete();
      }}
    >
      {armed ? DELETE_CONFIRM_LABEL : 'Delete'}
    </button>
  );
}
