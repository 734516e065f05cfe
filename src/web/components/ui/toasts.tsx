import { useSyncExternalStore } from 'react';

/** Toasts close by themselves after this long and do not pause on hover (spec section 9). */
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_ERROR_TIMEOUT_MS = 3000;

export type ToastKind = 'success' | 'info' | 'error';

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** A server-rendered page shows no toast; the browser starts from the same list, so hydration has nothing to redraw. */
const NO_TOASTS: readonly Toast[] = [];

let toasts: readonly Toast[] = NO_TOASTS;
let nextToastId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast top-right; callable from anywhere (components, loaders, actions). */
export function showToast(kind: ToastKind, message: string, timeoutMs = TOAST_TIMEOUT_MS): void {
  const id = nextToastId++;
  publish([...toasts, { id, kind, message }]);
  setTimeout(() => dismissToast(id), timeoutMs);
}

function dismissToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders the current toasts; mounted once by the app shell. */
export function ToastRegion() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {current.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          <span>{toast.message}</span>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
