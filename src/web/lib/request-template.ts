import { useLocation, useNavigate } from 'react-router';

import { loginPathFor } from './return-paths.js';
import { useSession } from './session.js';
import { openRequestModal } from './client-state.js';
import { SHOW_REQUEST_MODAL_PARAM } from './shell-constants.js';

/** Where an anonymous visitor who asked for a template goes: the login page, returning here with the request modal. */
export function loginRedirectForRequest(pathname: string, search: string): string {
  const back = new URLSearchParams(search);
  back.set(SHOW_REQUEST_MODAL_PARAM, 'true');
  return loginPathFor(`${pathname}?${back.toString()}`);
}

/** The Request a Template action: login required (spec section 6). */
export function useRequestTemplate(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { user } = useSession();
  return () => {
    if (user === null) void navigate(loginRedirectForRequest(pathname, search));
    else openRequestModal();
  };
}
