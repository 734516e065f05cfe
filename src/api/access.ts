import type { UserLevel, VerificationStatus } from '../domain/accounts/events.js';
import type { TokenScope } from '../domain/integrations/tokens.js';

/**
 * Who may call a route. Every route declares one in `config.access`; the access hook
 * (src/api/auth/) answers 401 / 403 before the handler runs.
 * - anyone: no session needed (a session, when sent, is still read into `request.viewer`)
 * - signed_in: any non-blocked session, including admin test-user sessions
 * - verified: a signed-in user whose verification status is 'verified'
 * - admin: lvl admin or owner, never a test-user session
 * - owner: lvl owner, never a test-user session
 * - loopback: only requests from this machine (development tools such as /dev/mailbox)
 */
export type Access = 'anyone' | 'signed_in' | 'verified' | 'admin' | 'owner' | 'loopback';

/** The signed-in person behind a request, read from the session token. */
export interface Viewer {
  userId: string;
  username: string;
  lvl: UserLevel;
  verification: VerificationStatus;
  sessionId: string;
  /** Set for an admin's test-user session: the admin who started it. */
  impersonatedBy: string | null;
  /** Set when a personal access token signed the request in (no session then): the token's id. */
  accessTokenId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The scope a personal access token needs on this route. A route without one refuses tokens;
     * admin, owner and loopback routes refuse them whatever this says.
     */
    tokenScope?: TokenScope;
    /**
     * The route refuses text with NUL or unpaired surrogates in its body item by item (and never
     * stores it), so the app-wide check leaves the body to it.
     */
    checksBodyTextPerItem?: boolean;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
