import { useSession } from '../session/session.js';

/** What discovery pages need to know about the visitor: signed in, verified, has posts. */
export interface ViewerSummary {
  verified: boolean;
  postCount: number;
}

/** The signed-in visitor from the session, or null (signed out, or still loading). */
export function useViewerSummary(): ViewerSummary | null {
  const { user } = useSession();
  if (user === null) return null;
  return { verified: user.verification.status === 'verified', postCount: user.actions.posts.length };
}

/**
 * Where a create action leads (spec: create access): signed out to the login page coming back
 * to `createPath`, verified to `createPath`, unverified to the account page to verify.
 */
export function createActionPath(viewer: ViewerSummary | null, createPath: string): string {
  if (viewer === null) return `/login?redirectUrl=${encodeURIComponent(createPath)}`;
  return viewer.verified ? createPath : '/account';
}
