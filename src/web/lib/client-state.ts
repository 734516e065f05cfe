import { useSyncExternalStore } from 'react';

/**
 * The global modals (generator-admin-site.md: global client state, modal flags). Only one shows at
 * a time, which also gives the spec's exclusivity: opening the login prompt closes the request modal
 * and the other way round.
 */
export type GlobalModal =
  | { kind: 'login' }
  | { kind: 'request' }
  | { kind: 'verify' }
  | { kind: 'engagement' }
  | { kind: 'message'; header: string; message1: string; message2?: string; tone: 'default' | 'danger' };

let activeModal: GlobalModal | null = null;
const listeners = new Set<() => void>();

function publish(next: GlobalModal | null): void {
  activeModal = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActiveModal(): GlobalModal | null {
  // A server-rendered page opens no modal.
  return useSyncExternalStore(
    subscribe,
    () => activeModal,
    () => null,
  );
}

export function getActiveModal(): GlobalModal | null {
  return activeModal;
}

/** 'Join the … community' with Login and Join Free; for anonymous visitors who try a members-only action. */
export function openLoginPrompt(): void {
  publish({ kind: 'login' });
}

/** The request-a-template form; callers check the session first (see loginRedirectForRequest). */
export function openRequestModal(): void {
  publish({ kind: 'request' });
}

/** 'Verify your email' for signed-in users who are not verified yet. */
export function openVerifyPrompt(): void {
  publish({ kind: 'verify' });
}

export function openEngagementModal(): void {
  publish({ kind: 'engagement' });
}

/** The generic error or info modal: a header, up to two messages and a Close button. */
export function showMessageModal(header: string, message1: string, message2?: string, tone: 'default' | 'danger' = 'default'): void {
  publish({ kind: 'message', header, message1, ...(message2 === undefined ? {} : { message2 }), tone });
}

export function closeModal(): void {
  publish(null);
}
