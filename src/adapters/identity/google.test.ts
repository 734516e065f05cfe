import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  googleClaims,
  nowSeconds as now,
  signGoogleToken as signToken,
  TEST_GOOGLE_CLIENT_ID as CLIENT_ID,
  testGoogleCertificates as certificates,
} from '../../../tests/fixtures/google-tokens.js';
import { createGoogleIdTokenVerifier, GoogleTokenRejectedError, type GoogleRejection } from './google.js';

const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const verifier = createGoogleIdTokenVerifier({ clientId: CLIENT_ID, certificates });

async function rejection(idToken: string, withVerifier = verifier): Promise<GoogleTokenRejectedError> {
  const error = await withVerifier.verify(idToken).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GoogleTokenRejectedError);
  return error as GoogleTokenRejectedError;
}

describe('Google ID token verifier (tokens signed with a test key)', () => {
  it('accepts a valid token and reads the identity from it', async () => {
    expect(await verifier.verify(signToken(googleClaims()))).toEqual({
      issuer: 'https://accounts.google.com',
      subject: '110169484474386276334',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
      picture: 'https://lh3.googleusercontent.com/a/ada',
    });
  });

  it('accepts the short issuer form and leaves absent profile claims empty', async () => {
    const claims = googleClaims({ iss: 'accounts.google.com', sub: '42' });
    for (const key of ['email', 'email_verified', 'name', 'picture']) delete claims[key];
    expect(await verifier.verify(signToken(claims))).toEqual({
      issuer: 'accounts.google.com',
      subject: '42',
      email: null,
      emailVerified: false,
      name: null,
      picture: null,
    });
  });

  it('reads email_verified given as the string "true", and an unverified address as unverified', async () => {
    expect((await verifier.verify(signToken(googleClaims({ email_verified: 'true' })))).emailVerified).toBe(true);
    expect((await verifier.verify(signToken(googleClaims({ email_verified: false })))).emailVerified).toBe(false);
  });

  const rejected: Array<[string, () => string, GoogleRejection]> = [
    [
      'a token issued to another client (aud)',
      () => signToken(googleClaims({ aud: 'someone-else.apps.googleusercontent.com' })),
      'wrong_audience',
    ],
    ['a token from another issuer', () => signToken(googleClaims({ iss: 'https://evil.example.com' })), 'wrong_issuer'],
    [
      'an expired token (beyond the clock-skew allowance)',
      () => signToken(googleClaims({ iat: now() - 7200, exp: now() - 3600 })),
      'expired',
    ],
    ['a token issued in the future', () => signToken(googleClaims({ iat: now() + 3600, exp: now() + 7200 })), 'bad_lifetime'],
    ['a token valid for longer than a day', () => signToken(googleClaims({ exp: now() + 3 * 86_400 })), 'bad_lifetime'],
    ['a token without expiry', () => signToken(googleClaims({ exp: undefined })), 'bad_lifetime'],
    [
      'a token whose claims were changed after signing',
      () => {
        const [header, , signature] = signToken(googleClaims()).split('.');
        return `${header}.${Buffer.from(JSON.stringify(googleClaims({ sub: 'someone-else' }))).toString('base64url')}.${signature}`;
      },
      'bad_signature',
    ],
    [
      'a token signed by another key under the known key id',
      () => signToken(googleClaims(), { key: otherKey.privateKey }),
      'bad_signature',
    ],
    ['a token whose signature was cut', () => signToken(googleClaims()).replace(/\.[^.]+$/, '.'), 'bad_signature'],
    ['a token signed with an unknown key id', () => signToken(googleClaims(), { kid: 'not-published' }), 'unknown_key'],
    ['a token without a subject', () => signToken(googleClaims({ sub: '' })), 'no_subject'],
    ['a garbage string', () => 'definitely-not-a-jwt', 'malformed'],
    ['three segments of garbage', () => 'a.b.c', 'malformed'],
    ['an empty string', () => '', 'malformed'],
  ];

  it.each(rejected)('rejects %s', async (_case, token, reason) => {
    const idToken = token();
    const error = await rejection(idToken);
    expect(error.reason).toBe(reason);
    // Safe to log and to show: neither the token nor the personal data in it.
    expect(error.message).toMatch(/^Google ID token rejected: /);
    if (idToken) expect(error.message).not.toContain(idToken.slice(0, 20));
    expect(error.message).not.toContain('ada@example.com');
  });

  it('rejects every token while no client id is configured', async () => {
    for (const clientId of [undefined, '']) {
      const unconfigured = createGoogleIdTokenVerifier({ clientId, certificates });
      expect((await rejection(signToken(googleClaims({ aud: clientId })), unconfigured)).reason).toBe('not_configured');
    }
  });
});
