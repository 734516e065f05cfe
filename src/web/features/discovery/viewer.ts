import { useNavigate } from 'react-router';

import { useSession } from '@/lib/session.js';
import { openLoginPrompt, openVerifyPrompt } from '@/lib/client-state.js';

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
 * The create actions of discovery pages (spec: create access, topic and app pages): signed out the
 * login prompt, signed in but unverified the verify-email prompt, verified on to `destination`
 * (with navigation state, such as the topic to preselect).
 */
export function useCreateGate(): (destination: string, state?: unknown) => void {
  const navigate = useNavigate();
  const viewer = useViewerSummary();
  return (destination, state) => {
    if (viewer === null) openLoginPrompt();
    else if (viewer.verified) void navigate(destination, { state });
    else openVerifyPrompt();
  };
}
