import type { Actor } from '../domain/shared/events.js';
import type { Viewer } from './access.js';

/** Who an event records as its actor: in a test-user session, a base user impersonated by the admin. */
export function actorOf(viewer: Viewer): Actor {
  return viewer.impersonatedBy === null
    ? { userId: viewer.userId, role: viewer.lvl }
    : { userId: viewer.userId, role: 'base', impersonatedBy: viewer.impersonatedBy };
}
