/** What discovery pages need to know about the visitor: signed in, verified, has posts. */
export interface ViewerSummary {
  verified: boolean;
  postCount: number;
}

/**
 * The signed-in visitor, or null. The session lives with the accounts work; until its hook is
 * on main this answers null, so pages show their signed-out variants (the seam to wire it).
 */
export function useViewerSummary(): ViewerSummary | null {
  return null;
}

/**
 * Where a create action leads (spec: create access): signed out to the login page coming back
 * to `createPath`, verified to `createPath`, unverified to the account page to verify.
 */
export function createActionPath(viewer: ViewerSummary | null, createPath: string): string {
  if (viewer === null) return `/login?redirectUrl=${encodeURIComponent(createPath)}`;
  return viewer.verified ? createPath : '/account';
}
