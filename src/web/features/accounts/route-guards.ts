import { redirect } from 'react-router';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { loadSession } from '@/lib/session.js';
import { loginPathFor } from '@/lib/return-paths.js';

/** For pages only signed-out people need (login, sign-up): a signed-in visitor goes to `destination` instead. */
export async function redirectIfSignedIn(destination: string): Promise<void> {
  if ((await loadSession()) !== null) throw redirect(destination);
}

/** For pages that need a session: the signed-in user, or a redirect to /login that comes back here. */
export async function requireSignedIn(request: Request): Promise<CurrentUser> {
  const user = await loadSession();
  if (user === null) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return user;
}
