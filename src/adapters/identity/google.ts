import type { OAuth2Client, TokenPayload } from 'google-auth-library';

/** Who Google says signed in. The account is keyed on issuer + subject, never on the e-mail. */
export interface GoogleIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface GoogleIdTokenVerifier {
  verify(idToken: string): Promise<GoogleIdentity>;
}

export type GoogleRejection =
  | 'not_configured'
  | 'malformed'
  | 'unknown_key'
  | 'bad_signature'
  | 'expired'
  | 'bad_lifetime'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'no_subject'
  | 'unverifiable';

const REJECTION_MESSAGES: Record<GoogleRejection, string> = {
  not_configured: 'Google sign-in is not configured (GOOGLE_CLIENT_ID)',
  malformed: 'not a well-formed ID token',
  unknown_key: 'signed with a key Google does not publish',
  bad_signature: 'bad signature',
  expired: 'expired',
  bad_lifetime: 'issue or expiry time missing or out of range',
  wrong_issuer: 'not issued by Google',
  wrong_audience: 'issued to another client',
  no_subject: 'no subject',
  unverifiable: 'could not be verified',
};

/**
 * The token was not accepted. The message names the failed check only — never the token or its
 * claims, which google-auth-library's own messages quote — so it is safe to log.
 */
export class GoogleTokenRejectedError extends Error {
  override readonly name = 'GoogleTokenRejectedError';
  constructor(readonly reason: GoogleRejection) {
    super(`Google ID token rejected: ${REJECTION_MESSAGES[reason]}`);
  }
}

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

// google-auth-library reports each failed check only through its message; these are its wordings.
const LIBRARY_FAILURES: Array<[RegExp, GoogleRejection]> = [
  [/^(Wrong number of segments|Can't parse token)/, 'malformed'],
  [/^No pem found/, 'unknown_key'],
  [/^Invalid token signature/, 'bad_signature'],
  [/^Token used too late/, 'expired'],
  [/^(No issue time|No expiration time|iat field|exp field|Expiration time too far|Token used too early)/, 'bad_lifetime'],
  [/^Invalid issuer/, 'wrong_issuer'],
  [/^Wrong recipient/, 'wrong_audience'],
];

/**
 * Verifies Google ID tokens (the credential of "Sign in with Google") for one OAuth client id.
 * Without `certificates` it uses Google's published signing certificates (fetched and cached by
 * google-auth-library); with them (key id → PEM certificate or public key) it trusts only those,
 * which is how tests sign their own tokens.
 */
export function createGoogleIdTokenVerifier(options: {
  clientId: string | undefined;
  certificates?: Record<string, string>;
}): GoogleIdTokenVerifier {
  const { clientId, certificates } = options;
  // The library loads with the first sign-in: a server where nobody signs in with Google does not hold it.
  let oauthClient: Promise<OAuth2Client> | undefined;
  const loadClient = () =>
    (oauthClient ??= import('google-auth-library').then((library) => new library.OAuth2Client({ clientId, issuers: GOOGLE_ISSUERS })));
  return {
    async verify(idToken) {
      if (!clientId) throw new GoogleTokenRejectedError('not_configured');
      const client = await loadClient();
      // What OAuth2Client.verifyIdToken does, in two steps: a failure to fetch Google's certificates
      // is an outage and propagates as it is, not as a rejected token.
      const certs = certificates ?? (await client.getFederatedSignonCertsAsync()).certs;
      let payload: TokenPayload | undefined;
      try {
        payload = (await client.verifySignedJwtWithCertsAsync(idToken.trim(), certs, clientId, GOOGLE_ISSUERS)).getPayload();
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        throw new GoogleTokenRejectedError(LIBRARY_FAILURES.find(([pattern]) => pattern.test(message))?.[1] ?? 'unverifiable');
      }
      if (!payload || typeof payload.sub !== 'string' || payload.sub === '') throw new GoogleTokenRejectedError('no_subject');
      return {
        issuer: payload.iss,
        subject: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : null,
        // Some Google tokens carry the flag as the string "true".
        emailVerified: payload.email_verified === true || (payload.email_verified as unknown) === 'true',
        name: typeof payload.name === 'string' ? payload.name : null,
        picture: typeof payload.picture === 'string' ? payload.picture : null,
      };
    },
  };
}
