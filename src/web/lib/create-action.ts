import { useNavigate } from 'react-router';

import { isVerifiedUser } from './user-facts.js';
import { useSession } from './session.js';
import { openVerifyPrompt } from './client-state.js';

/**
 * The Create action (browse-search-accounts.md, navbar): verified users go to /create, signed-in
 * users who are not verified get the verify-email prompt, signed-out visitors go to /signup.
 */
export function useCreateAction(destination = '/create'): () => void {
  const navigate = useNavigate();
  const { user } = useSession();
  return () => {
    if (user === null) void navigate('/signup');
    else if (isVerifiedUser(user)) void navigate(destination);
    else openVerifyPrompt();
  };
}
