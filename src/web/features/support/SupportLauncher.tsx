import { lazy, Suspense, useState } from 'react';

/**
 * The chatbot's launcher bubble: in every page's bundle, so it stays tiny (no imports of its own);
 * the panel, its texts and its styles load on first open.
 */
const SupportPanel = lazy(() => import('./SupportPanel.js'));
const LAUNCHER_LABEL = 'Help and feedback';

export function SupportLauncher() {
  const [open, setOpen] = useState(false);
  return (
    <>
      {!open && (
        <button
          type="button"
          className="support-launcher"
          aria-label={LAUNCHER_LABEL}
          title={LAUNCHER_LABEL}
          onClick={() => setOpen(true)}
          style={{
            position: 'fixed',
            right: 16,
            bottom: 16,
            zIndex: 40,
            width: 56,
            height: 56,
            borderRadius: '50%',
            border: 0,
            background: 'var(--brand-600)',
            color: '#fff',
            boxShadow: 'var(--shadow-raised)',
            cursor: 'pointer',
            fontSize: 24,
            lineHeight: 1,
          }}
        >
          <span aria-hidden="true">?</span>
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <SupportPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
