import { loginPathFor } from './return-paths.js';
import { SHOW_REQUEST_MODAL_PARAM } from './shell-constants.js';

/** Where an anonymous visitor who asked for a template goes: the login page, returning here with the request modal. */
export function loginRedirectForRequest(pathname: string, search: string): string {
  const back = new URLSearchParams(search);
  back.set(SHOW_REQUEST_MODAL_PARAM, 'true');
  return loginPathFor(`${pathname}?${back.toString()}`);
}
