import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { googleClaims, signGoogleToken, nowSeconds } from '../fixtures/google-tokens.js';
import { DEMO_ADMIN_USERNAME } from '../../src/composition/demo-catalogue.js';
import type { CurrentUser, PublicProfile } from '../../src/domain/accounts/current-user.js';
import { ACCOUNT_MESSAGES, erasedUsername, VERIFICATION_CODE } from '../../src/domain/accounts/rules.js';
import { IMAGE_MESSAGES } from '../../src/domain/shared/images.js';
import { ACCESS_MESSAGES } from '../../src/api/auth/access-hook.js';
import { KNOWN_DEVICE_COOKIE } from '../../src/api/auth/known-device.js';
import { openInfrastructure } from '../../src/composition/infrastructure.js';
import { buildApp } from '../../src/api/app.js';
import { newsletterSubscription } from '../../src/commands/outreach/newsletter.js';
import { RATE_LIMITS } from '../../src/domain/shared/rate-limits.js';
import { ABANDONED_CLAIM_AFTER_MS } from '../../src/commands/accounts/abandoned-claims.js';
import { claimStream, type ClaimKind } from '../../src/domain/accounts/uniqueness.js';
import { TEST_DEMO_PASSWORD } from '../fixtures/demo-password.js';
import { hashPassword } from '../../src/adapters/security/passwords.js';
import { TEXT_MESSAGES } from '../../src/domain/shared/text.js';
import { DAY_SECONDS } from '../../src/domain/shared/durations.js';
import { TEST_USER_SWITCH_HINT } from '../../src/web/lib/shell-constants.js';
import { newDataDirectory } from '../fixtures/embedded-database.js';

const PASSWORD = 'Sturdy#pass1';
let harness: ApiHarness;
let accountNumber = 0;

beforeAll(async () => {
  harness = await startApiHarness({ users: 3, templates: 6, seed: 11 });
});
afterAll(async () => {
  await harness?.close();
});

/** A fresh account, signed in; returns its token and names. */
async function signUp(overrides: { password?: string } = {}) {
  accountNumber += 1;
  const username = `member${accountNumber}`;
  const email = `member${accountNumber}@example.com`;
  // Each member signs up from their own address, as people do: the per-address sign-up limit is not what these tests are about.
  const address = `10.0.${Math.floor(accountNumber / 250)}.${accountNumber % 250}`;
  const answer = await harness.call<{ token: string; user: CurrentUser }>('POST', '/api/signupUser', {
    body: { username, email, password: overrides.password ?? PASSWORD, agreeToTermsAndConditions: true },
    remoteAddress: address,
  });
  expect(answer.status).toBe(201);
  return { username, email, address, token: answer.body.token, user: answer.body.user, deviceCookie: deviceCookieOf(answer) };
}

/** The known-device cookie a sign-in set, as a Cookie header sends it back. */
function deviceCookieOf(answer: { headers: Record<string, unknown> }): string {
  const setCookie = ([] as string[]).concat((answer.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const cookie = setCookie.find((line) => line.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
  if (!cookie) throw new Error('No known-device cookie was set');
  expect(cookie).toContain('HttpOnly');
  return cookie.split(';')[0]!;
}

const me = (token: string) => harness.call<CurrentUser>('GET', '/api/users/private/me', { token });

function codeIn(text: string): string {
  const match = new RegExp(`\\b(\\d{${VERIFICATION_CODE.digits}})\\b`, 'u').exec(text);
  if (!match) throw new Error(`No code in: ${text}`);
  return match[1]!;
}

/** The reset e-mail goes out after the answer (which takes the same time for every request): wait for it. */
async function resetMailTo(email: string): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [message] = await harness.infrastructure.outbox!.list({ to: email, limit: 1 });
    if (message && /reset/iu.test(message.subject)) return message;
    if (Date.now() > deadline) throw new Error(`No reset e-mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function linkParams(text: string): { un: string; token: string } {
  const url = new URL(/https?:\/\/\S+/u.exec(text)![0]);
  return { un: url.searchParams.get('un')!, token: url.searchParams.get('token')! };
}

describe('sign-up', () => {
  it('creates the account, signs in with an httpOnly SameSite cookie holding a 256-bit token, and keeps the e-mail out of the log in clear', async () => {
    const answer = await harness.call<{ token: string; user: CurrentUser }>('POST', '/api/signupUser', {
      body: { username: 'grace', email: 'Grace.Hopper@Example.com', password: PASSWORD, agreeToTermsAndConditions: true },
    });
    expect(answer.status).toBe(201);
    expect(answer.sessionCookie).toMatchObject({ value: answer.body.token, httpOnly: true, sameSite: 'Lax' });
    // 256 bits = 32 bytes, written as 43 base64url characters without padding.
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(Buffer.from(answer.body.token, 'base64url')).toHaveLength(32);
    expect(answer.body.user).toMatchObject({
      username: 'grace',
      email: 'grace.hopper@example.com',
      verification: { status: 'pending' },
      hasPassword: true,
      lvl: 'base',
    });

    const byCookie = await me(answer.body.token);
    const byBearer = await harness.call<CurrentUser>('GET', '/api/users/private/me', { bearer: answer.body.token });
    expect(byCookie.body.username).toBe('grace');
    expect(byBearer.body.username).toBe('grace');

    const log = await harness.infrastructure.database.db.selectFrom('events').select(['data']).execute();
    const serialised = JSON.stringify(log.map((row) => row.data));
    expect(serialised).not.toContain('grace.hopper@example.com');
    expect(serialised).not.toContain(PASSWORD);
  });

  it.each([
    ['7 characters', 'Short#1', 'Password must be 8 characters long'],
    ['no number or special character', 'abcdefghij', 'Password should contain a number and a special character'],
    ['a space', 'has space#1', 'Password cannot be empty or contain spaces'],
    ['a NUL byte', 'nul\u0000byte#1', `password: ${TEXT_MESSAGES.forbiddenCharacters}`],
    ['100 000 characters', `${'a'.repeat(99_998)}#1`, ACCOUNT_MESSAGES.passwordTooLong],
  ])('refuses a password with %s, with the spec message and no account created', async (_case, password, message) => {
    const answer = await harness.call('POST', '/api/signupUser', {
      body: { username: 'nopass', email: 'nopass@example.com', password, agreeToTermsAndConditions: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect((await harness.call('POST', '/api/signup/username/check-availability', { body: { username: 'nopass' } })).body.available).toBe(
      true,
    );
  });

  it('keeps the session token out of the JSON answer unless an API client asks for it; the cookie carries it', async () => {
    const body = { login: (await signUp()).username, password: PASSWORD };
    const asBrowser = await harness.app.inject({ method: 'POST', url: '/api/login', payload: body, remoteAddress: '10.91.0.1' });
    expect(asBrowser.statusCode).toBe(200);
    expect(asBrowser.json()).not.toHaveProperty('token');
    expect(asBrowser.body).not.toContain(asBrowser.cookies.find((cookie) => cookie.name === 'token')!.value);
    const asApiClient = await harness.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: body,
      remoteAddress: '10.91.0.1',
      headers: { 'x-session-token': 'bearer' },
    });
    const { token } = asApiClient.json<{ token: string }>();
    expect((await harness.call('GET', '/api/users/private/me', { bearer: token })).status).toBe(200);
  });

  it('accepts passwords of exactly 8 and 64 characters', async () => {
    await signUp({ password: 'Exact#12' });
    await signUp({ password: `${'A'.repeat(62)}#1` });
  });

  it.each([
    ['upper case', 'Member', 'Must be 3+ characters with no spaces and all lowercase.'],
    ['a Cyrillic look-alike letter', 'аdmin2', ACCOUNT_MESSAGES.usernameCharacters],
    ['a NUL byte', 'nul\u0000name', `username: ${TEXT_MESSAGES.forbiddenCharacters}`],
    ['2 characters', 'ab', 'Username must be at least 3 characters long.'],
  ])('refuses a username with %s', async (_case, username, message) => {
    const answer = await harness.call('POST', '/api/signupUser', {
      body: { username, email: 'someone@example.com', password: PASSWORD, agreeToTermsAndConditions: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('refuses a reserved name as the spec says, and explains it in the availability check', async () => {
    const refused = await harness.call('POST', '/api/signupUser', {
      body: { username: 'gumroad', email: 'g@example.com', password: PASSWORD, agreeToTermsAndConditions: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Signup Error: Form not filled correctly');
    const check = await harness.call('POST', '/api/signup/username/check-availability', { body: { username: 'Gumroad' } });
    expect(check.body).toMatchObject({ available: false, message: ACCOUNT_MESSAGES.usernameReserved('Gumroad') });
  });

  it('refuses a look-alike e-mail address and a taken one (any case); the refused sign-up leaves its username free', async () => {
    const lookAlike = await harness.call('POST', '/api/signupUser', {
      body: { username: 'lookalike', email: 'ada@exаmple.com', password: PASSWORD, agreeToTermsAndConditions: true },
    });
    expect(lookAlike.status).toBe(400);
    expect(lookAlike.body.message).toBe('This does not resemble a valid email address');

    const taken = await harness.call('POST', '/api/signupUser', {
      body: { username: 'latecomer', email: 'GRACE.hopper@example.com', password: PASSWORD, agreeToTermsAndConditions: true },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This email is already in use');
    const check = await harness.call('POST', '/api/signup/username/check-availability', { body: { username: 'latecomer' } });
    expect(check.body).toEqual({ available: true, message: ACCOUNT_MESSAGES.usernameAvailable('latecomer') });
    expect(
      (await harness.call('POST', '/api/signup/email/check-availability', { body: { email: 'grace.HOPPER@example.com' } })).body,
    ).toEqual({ available: false, message: 'This email is already in use' });
  });

  it('requires the terms to be accepted', async () => {
    const answer = await harness.call('POST', '/api/signupUser', {
      body: { username: 'noterms', email: 'noterms@example.com', password: PASSWORD },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(ACCOUNT_MESSAGES.termsRequired);
  });
});

describe('sign-up after a crash', () => {
  /** What a sign-up that crashed after claiming leaves behind: claims, and no account. */
  async function crashedSignUp(username: string, email: string, claimedAgoMs: number) {
    const ownerId = randomUUID();
    const metadata = {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: { userId: ownerId, role: 'base' as const },
      occurredAt: new Date(Date.now() - claimedAgoMs).toISOString(),
      schemaVersion: 1,
    };
    const claims: [ClaimKind, string][] = [
      ['username', await harness.infrastructure.accounts.usernameLookup(username)],
      ['email', await harness.infrastructure.accounts.emailLookup(email)],
    ];
    for (const [kind, value] of claims) {
      await harness.infrastructure.store.appendToStream(
        claimStream(kind, value),
        [{ id: randomUUID(), type: 'ValueClaimed', data: { kind, value, ownerId }, metadata }],
        { expectedRevision: 'no_stream' },
      );
    }
  }
  const signUpAs = (username: string, email: string) =>
    harness.call('POST', '/api/signupUser', {
      body: { username, email, password: PASSWORD, agreeToTermsAndConditions: true },
      remoteAddress: '10.77.0.1',
    });

  it('releases the username and e-mail of a sign-up that crashed long ago, so they can be used again; a recent claim still holds', async () => {
    await crashedSignUp('crashedlongago', 'crashed.long.ago@example.com', ABANDONED_CLAIM_AFTER_MS + 60_000);
    const again = await signUpAs('crashedlongago', 'crashed.long.ago@example.com');
    expect(again.status).toBe(201);

    await crashedSignUp('crashedjustnow', 'crashed.just.now@example.com', 60_000);
    const meanwhile = await signUpAs('crashedjustnow', 'crashed.just.now@example.com');
    expect(meanwhile.status).toBe(409);
  });
});

describe('login and sessions', () => {
  it('logs in by username or e-mail with a new token each time; logout revokes only that token', async () => {
    const account = await signUp();
    const byName = await harness.call<{ token: string; success: boolean }>('POST', '/api/login', {
      body: { login: account.username, password: PASSWORD },
    });
    const byEmail = await harness.call<{ token: string }>('POST', '/api/login', {
      body: { login: account.email.toUpperCase(), password: PASSWORD },
    });
    expect(byName.status).toBe(200);
    expect(byName.body.success).toBe(true);
    expect(byEmail.status).toBe(200);
    expect(new Set([account.token, byName.body.token, byEmail.body.token]).size).toBe(3);

    const loggedOut = await harness.call('POST', '/api/logout', { token: byName.body.token });
    expect(loggedOut.status).toBe(200);
    expect((await me(byName.body.token)).status).toBe(401);
    expect((await me(byEmail.body.token)).status).toBe(200);
  });

  it('answers a wrong password and an unknown user alike, and limits attempts per address and account with 429', async () => {
    const account = await signUp();
    const unknown = await harness.call('POST', '/api/login', { body: { login: 'nobody-here', password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid email/password combination.');
    const guesser = '10.65.0.1';
    for (let attempt = 0; attempt < RATE_LIMITS.loginPerAddressAndAccount.max; attempt += 1) {
      const wrong = await harness.call('POST', '/api/login', {
        body: { login: account.username, password: 'Wrong#pass1' },
        remoteAddress: guesser,
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid email/password combination.');
    }
    // Another spelling of the same account is the same account.
    const limited = await harness.call('POST', '/api/login', {
      body: { login: account.email.toUpperCase(), password: PASSWORD },
      remoteAddress: guesser,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many login attempts. Please try again later.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits password checks behind a session (change password, delete account) with 429, so a stolen session cannot guess the password', async () => {
    const account = await signUp();
    const { max } = RATE_LIMITS.passwordChecksPerAccount;
    const guesses = await Promise.all(
      Array.from({ length: max + 2 }, (_, index) =>
        index % 2 === 0
          ? harness.call('POST', '/api/users/me/delete', { token: account.token, body: { password: `Wrong#pass${index}` } })
          : harness.call('POST', '/api/change-password', {
              token: account.token,
              body: { cp: `Wrong#pass${index}`, np: 'Other#pass1', npv: 'Other#pass1' },
            }),
      ),
    );
    expect(guesses.filter((answer) => answer.status === 400)).toHaveLength(max);
    expect(guesses.filter((answer) => answer.status === 429)).toHaveLength(2);
    const right = await harness.call<{ message: string }>('POST', '/api/users/me/delete', {
      token: account.token,
      body: { password: PASSWORD },
    });
    expect({ status: right.status, message: right.body.message }).toEqual({
      status: 429,
      message: RATE_LIMITS.passwordChecksPerAccount.message,
    });
    expect((await me(account.token)).status).toBe(200);
  });

  it('verifies only the allowed number of parallel guesses, counted before the password check; the owner still signs in from their own address', async () => {
    const account = await signUp();
    const attacker = '10.66.0.1';
    const { max } = RATE_LIMITS.loginPerAddressAndAccount;
    const guess = (password: string) =>
      harness.call('POST', '/api/login', { body: { login: account.username, password }, remoteAddress: attacker });
    const answers = await Promise.all([...Array.from({ length: 2 * max }, (_, index) => guess(`Wrong#pass${index}`)), guess(PASSWORD)]);
    const verified = answers.filter((answer) => answer.status !== 429);
    expect(verified).toHaveLength(max);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(max + 1);
    expect((await guess(PASSWORD)).status).toBe(429);

    // The attacker's ten checks spent the account's budget for new devices too: the owner gets in from their own browser.
    const owner = await harness.call('POST', '/api/login', {
      body: { login: account.username, password: PASSWORD },
      remoteAddress: account.address,
      headers: { cookie: account.deviceCookie },
    });
    expect(owner.status).toBe(200);
  });

  it('checks at most 10 passwords of one account from new devices, whatever the number of addresses; the owner’s browser and the reset e-mail still get in', async () => {
    const account = await signUp();
    const { max } = RATE_LIMITS.loginNewDevicesPerAccount;
    // 61 guesses from 61 addresses at once, the right password last.
    const guesses = Array.from({ length: 61 }, (_, index) => (index === 60 ? PASSWORD : `Wrong#pass${index}`));
    const answers = await Promise.all(
      guesses.map((password, index) =>
        harness.call('POST', '/api/login', { body: { login: account.username, password }, remoteAddress: `10.67.${index}.1` }),
      ),
    );
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked).toHaveLength(max);
    expect(checked.every((answer) => answer.status === 401)).toBe(true);
    expect(answers.at(-1)!.body.message).toBe(ACCOUNT_MESSAGES.loginNewDevicesRateLimited);
    const fromYetAnotherAddress = await harness.call('POST', '/api/login', {
      body: { login: account.email, password: PASSWORD },
      remoteAddress: '10.67.99.1',
    });
    expect({ status: fromYetAnotherAddress.status, message: fromYetAnotherAddress.body.message }).toEqual({
      status: 429,
      message: ACCOUNT_MESSAGES.loginNewDevicesRateLimited,
    });

    // The owner's browser, where the account signed in before, is not counted against that budget, from any address.
    const owner = await harness.call('POST', '/api/login', {
      body: { login: account.username, password: PASSWORD },
      remoteAddress: '10.67.100.1',
      headers: { cookie: account.deviceCookie },
    });
    expect(owner.status).toBe(200);
    // A made-up cookie, or another account's, proves nothing.
    const forged = await harness.call('POST', '/api/login', {
      body: { login: account.username, password: PASSWORD },
      remoteAddress: '10.67.101.1',
      headers: { cookie: `${KNOWN_DEVICE_COOKIE}=${'A'.repeat(22)}.${'B'.repeat(43)}` },
    });
    expect(forged.status).toBe(429);
    const other = await signUp();
    const othersBrowser = await harness.call('POST', '/api/login', {
      body: { login: account.username, password: PASSWORD },
      remoteAddress: '10.67.102.1',
      headers: { cookie: other.deviceCookie },
    });
    expect(othersBrowser.status).toBe(429);

    // On a new device the reset e-mail still gets the owner in, and that browser is then known.
    await harness.call('POST', '/api/request-password-reset', { body: { username: account.email }, remoteAddress: '10.67.103.1' });
    const { un, token } = linkParams((await resetMailTo(account.email)).text);
    const reset = await harness.call('POST', '/api/change-password-and-login', {
      body: { u: un, t: token, p: 'Brand#new23' },
      remoteAddress: '10.67.103.1',
    });
    expect(reset.status).toBe(200);
    const afterReset = await harness.call('POST', '/api/login', {
      body: { login: account.username, password: 'Brand#new23' },
      remoteAddress: '10.67.103.1',
      headers: { cookie: deviceCookieOf(reset) },
    });
    expect(afterReset.status).toBe(200);
  });

  it('refuses a made-up token and a cookie-authenticated state change from another site', async () => {
    expect(await me('not-a-real-token')).toMatchObject({ status: 401, body: { error: true, message: ACCESS_MESSAGES.signInRequired } });
    const account = await signUp();
    const crossSite = await harness.call('POST', '/api/logout', {
      token: account.token,
      headers: { origin: 'https://evil.example', host: 'tessera.local' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe(ACCESS_MESSAGES.crossSite);
    // A browser that names the request cross-site outright, without an Origin to compare.
    const namedCrossSite = await harness.call('POST', '/api/logout', { token: account.token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(namedCrossSite.status).toBe(403);
    expect(namedCrossSite.body.message).toBe(ACCESS_MESSAGES.crossSite);
    expect((await me(account.token)).status).toBe(200);
  });

  it('lets the demo admin sign in with the documented password', async () => {
    const answer = await harness.call<{ user: CurrentUser }>('POST', '/api/login', {
      body: { login: DEMO_ADMIN_USERNAME, password: TEST_DEMO_PASSWORD },
    });
    expect(answer.status).toBe(200);
    // The first account is the site's owner.
    expect(answer.body.user.lvl).toBe('owner');
  });

  it("sets the test-user switch's page hint with an admin's session and clears it with a member's, a test user's end and a logout", async () => {
    const hint = (answer: { headers: Record<string, unknown> }) =>
      [answer.headers['set-cookie'] ?? []]
        .flat()
        .map(String)
        .find((cookie) => cookie.startsWith(`${TEST_USER_SWITCH_HINT.cookieName}=`));
    const cleared = /^testUserSwitch=;.*Expires=Thu, 01 Jan 1970/u;

    const admin = await harness.call<{ token: string }>('POST', '/api/login', {
      body: { login: DEMO_ADMIN_USERNAME, password: TEST_DEMO_PASSWORD },
    });
    // Not httpOnly: the app reads it, and keeps it as later sessions say.
    expect(hint(admin)).toBe(
      `${TEST_USER_SWITCH_HINT.cookieName}=${TEST_USER_SWITCH_HINT.shown}; Max-Age=${TEST_USER_SWITCH_HINT.days * DAY_SECONDS}; Path=/; SameSite=Lax`,
    );
    const testUser = await harness.call<{ token: string }>('POST', '/api/admin/test-user/toggle', {
      token: admin.body.token,
      body: { action: 'start' },
    });
    expect(hint(testUser)).toMatch(/^testUserSwitch=1;/u);
    const stopped = await harness.call('POST', '/api/admin/test-user/toggle', { token: testUser.body.token, body: { action: 'stop' } });
    expect(hint(stopped)).toMatch(cleared);

    const account = await signUp();
    const member = await harness.call('POST', '/api/login', { body: { login: account.username, password: PASSWORD } });
    expect(hint(member)).toMatch(cleared);
    const again = await harness.call<{ token: string }>('POST', '/api/login', {
      body: { login: DEMO_ADMIN_USERNAME, password: TEST_DEMO_PASSWORD },
    });
    expect(hint(await harness.call('POST', '/api/logout', { token: again.body.token }))).toMatch(cleared);
  });
});

describe('verification', () => {
  it('verifies with the mailed code; wrong codes count down to "Please Try Again", after which even the right code fails', async () => {
    const account = await signUp();
    expect((await harness.call('POST', '/api/generate-otp', { token: account.token })).status).toBe(200);
    const code = codeIn((await harness.lastMailTo(account.email)).text);
    const wrong = code === '000000' ? '111111' : '000000';

    for (let remaining = VERIFICATION_CODE.maxAttempts - 1; remaining >= 1; remaining -= 1) {
      const answer = await harness.call('POST', '/api/verify-otp', { token: account.token, body: { otp: wrong } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ verified: false, attempts: remaining, message: ACCOUNT_MESSAGES.otpIncorrect(remaining) });
    }
    const last = await harness.call('POST', '/api/verify-otp', { token: account.token, body: { otp: wrong } });
    expect(last.body).toMatchObject({ attempts: 0, message: 'Please Try Again' });
    // Guessing on (20 tries in all) never gets through, not even with the right code.
    for (let guess = 0; guess < 15; guess += 1) {
      const answer = await harness.call('POST', '/api/verify-otp', { token: account.token, body: { otp: String(guess).padStart(6, '0') } });
      expect(answer.status).toBe(400);
    }
    expect((await harness.call('POST', '/api/verify-otp', { token: account.token, body: { otp: code } })).status).toBe(400);
    expect((await me(account.token)).body.verification.status).toBe('pending');

    await harness.call('POST', '/api/generate-otp', { token: account.token });
    const fresh = codeIn((await harness.lastMailTo(account.email)).text);
    const verified = await harness.call('POST', '/api/verify-otp', { token: account.token, body: { otp: fresh } });
    expect(verified.status).toBe(200);
    expect((await me(account.token)).body.verification.status).toBe('verified');
    const reused = await harness.call('POST', '/api/verify-otp', { token: account.token, body: { otp: fresh } });
    expect(reused.status).toBe(409);
  });

  it('verifies through the e-mailed link, once', async () => {
    const account = await signUp();
    await harness.call('POST', '/api/request-email-verify', { token: account.token });
    const { un, token } = linkParams((await harness.lastMailTo(account.email)).text);
    expect(un).toBe(account.username);
    expect((await harness.call('POST', '/api/verify-email', { body: { t: 'forged', u: un } })).status).toBe(400);
    expect((await harness.call('POST', '/api/verify-email', { body: { t: token, u: un } })).status).toBe(200);
    expect((await me(account.token)).body.verification.status).toBe('verified');
  });

  it('does not let a blocked account lift its own block with a link mailed before the block', async () => {
    const account = await signUp();
    await harness.call('POST', '/api/request-email-verify', { token: account.token });
    const { un, token } = linkParams((await harness.lastMailTo(account.email)).text);
    const { position } = await harness.infrastructure.accounts.changeVerificationStatus(account.user._id, 'blocked', 'spam', {
      userId: null,
      role: 'operator',
    });
    await harness.catchUp(position);
    expect(await harness.call('POST', '/api/verify-email', { body: { t: token, u: un } })).toMatchObject({
      status: 403,
      body: { message: ACCOUNT_MESSAGES.accountBlocked },
    });
    const login = await harness.call('POST', '/api/login', {
      body: { login: account.username, password: PASSWORD },
      remoteAddress: account.address,
    });
    expect(login).toMatchObject({ status: 403, body: { message: ACCOUNT_MESSAGES.accountBlocked } });
  });
});

describe('passwords', () => {
  it('resets with a single-use link, signs in with the new password and ends the old sessions; answers the same for unknown accounts', async () => {
    const account = await signUp();
    const unknown = await harness.call('POST', '/api/request-password-reset', { body: { username: 'nobody-at-all' } });
    const known = await harness.call('POST', '/api/request-password-reset', { body: { username: account.email } });
    expect(unknown.body).toEqual(known.body);
    const { un, token } = linkParams((await resetMailTo(account.email)).text);
    expect((await harness.call('POST', '/api/check-token', { body: { u: un, t: token } })).body).toEqual({ error: false });

    const reset = await harness.call<{ token: string }>('POST', '/api/change-password-and-login', {
      body: { u: un, t: token, p: 'Brand#new22' },
    });
    expect(reset.status).toBe(200);
    expect((await me(reset.body.token)).status).toBe(200);
    expect((await me(account.token)).status).toBe(401);
    const reused = await harness.call('POST', '/api/change-password-and-login', { body: { u: un, t: token, p: 'Other#new33' } });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Invalid Token: Token is expired.');
    expect((await harness.call('POST', '/api/login', { body: { login: account.username, password: 'Brand#new22' } })).status).toBe(200);
  });

  it('refuses a reset link after the password was changed another way', async () => {
    const account = await signUp();
    await harness.call('POST', '/api/request-password-reset', { body: { username: account.username } });
    const { un, token } = linkParams((await resetMailTo(account.email)).text);
    const changed = await harness.call('POST', '/api/change-password', {
      token: account.token,
      body: { cp: PASSWORD, np: 'Changed#pw1', npv: 'Changed#pw1' },
    });
    expect(changed.status).toBe(200);
    expect((await me(account.token)).status).toBe(401);
    expect((await harness.call('POST', '/api/check-token', { body: { u: un, t: token } })).status).toBe(400);
  });

  it('checks the change-password rules', async () => {
    const account = await signUp();
    const change = (body: Record<string, string>) => harness.call('POST', '/api/change-password', { token: account.token, body });
    expect(await change({ cp: 'Wrong#one1', np: 'Changed#pw1', npv: 'Changed#pw1' })).toMatchObject({
      status: 400,
      body: { error: true, message: 'Your current password is not correct.' },
    });
    expect((await change({ cp: PASSWORD, np: 'Changed#pw1', npv: 'Changed#pw2' })).body.message).toContain('Passwords Do Not Match');
    expect((await change({ cp: PASSWORD, np: PASSWORD, npv: PASSWORD })).body.message).toContain(
      'New password must be different from the current password.',
    );
    expect((await me(account.token)).status).toBe(200);
  });
});

describe('abuse limits', () => {
  it('limits availability checks per address, so nobody can test a list of e-mail addresses', async () => {
    const { max } = RATE_LIMITS.availabilityChecksPerAddress;
    const statuses: number[] = [];
    for (let probe = 0; probe <= max; probe += 1) {
      statuses.push(
        (
          await harness.call('POST', '/api/signup/email/check-availability', {
            body: { email: `probe${probe}@example.com` },
            remoteAddress: '10.88.0.1',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
    expect(
      (await harness.call('POST', '/api/signup/username/check-availability', { body: { username: 'someone' }, remoteAddress: '10.88.0.1' }))
        .status,
    ).toBe(429);
  });

  it('counts reset e-mails per account whichever way it is spelt', async () => {
    const account = await signUp();
    const spellings = [account.username, account.email, account.email.toUpperCase(), ` ${account.username.toUpperCase()} `];
    const { max } = RATE_LIMITS.mailsPerAccount;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt += 1) {
      statuses.push(
        (
          await harness.call('POST', '/api/request-password-reset', {
            body: { username: spellings[attempt % spellings.length] },
            remoteAddress: `10.89.0.${attempt + 1}`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(max).fill(200), 429]);
  });
});

describe('password reset timing', () => {
  it('answers a reset request for a real account without waiting for its e-mail, as fast as for an unknown one', async () => {
    // A mail server that accepts the connection and never answers: the slowest a real account's e-mail can be.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const dataDir = await newDataDirectory('tessera-reset-');
    const smtpUrl = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const infrastructure = await openInfrastructure({ dataDir, databaseUrl: undefined, eventStoreUrl: undefined, smtpUrl });
    const app = await buildApp(infrastructure);
    try {
      await infrastructure.runner.start();
      const { position } = await infrastructure.accounts.register({
        username: 'slowmail',
        email: 'slow.mail@example.com',
        password: PASSWORD,
      });
      expect(await infrastructure.runner.waitFor(position!, 10_000)).toBe(true);
      const ask = (username: string) => app.inject({ method: 'POST', url: '/api/request-password-reset', payload: { username } });
      const [known, unknown] = await Promise.all([ask('slowmail'), ask('nobody-known')]);
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      silent.close();
      await app.close();
      await infrastructure.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('profile', () => {
  it('saves names, social links reduced to their handle, settings, apps and the creator choice, and shows them publicly', async () => {
    const account = await signUp();
    const update = await harness.call<CurrentUser>('POST', '/api/users/me/update', {
      token: account.token,
      body: {
        info: { firstName: 'Ada', lastName: 'Byron', bio: 'Counts things.' },
        social: {
          twitter: 'https://twitter.com/ada_b?ref=x#top',
          linkedIn: 'https://www.linkedin.com/in/ada-byron/',
          website: 'https://example.com/portfolio?x=1',
        },
        privacy: { allowUpdateEmails: false },
        favoriteApps: ['notion', 'zapier', 'figma', 'canva', 'airtable'],
        isCreator: true,
      },
    });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({
      info: { firstName: 'Ada', lastName: 'Byron', initials: 'AB', displayName: 'Ada Byron', bio: 'Counts things.' },
      // The website keeps its whole address: the handle rule is for the networks.
      social: { twitter: 'ada_b', linkedIn: 'ada-byron', website: 'https://example.com/portfolio?x=1' },
      privacy: { allowUpdateEmails: false, allowEmailsFromPosts: true },
      favoriteApps: ['notion', 'zapier', 'figma', 'canva', 'airtable'],
      isCreator: true,
    });
    const profile = await harness.call<{ user: PublicProfile; pagination: { showing: string; pageStatus: string } }>(
      'GET',
      `/api/users/public/${account.username}`,
    );
    expect(profile.body.user).toMatchObject({
      username: account.username,
      erased: false,
      livePostsCount: 0,
      totalKudos: 0,
      info: { displayName: 'Ada Byron' },
    });
    expect(profile.body.pagination).toMatchObject({ showing: 'Showing 0 - 0 of 0', pageStatus: '1 of 1' });
    expect((await harness.call('GET', '/api/users/public/no-such-user')).body.message).toBe('This user does not exist');
  });

  it('refuses a website that is not a web address (it could never be linked on the profile), keeping the one saved', async () => {
    const account = await signUp();
    const saved = await harness.call('POST', '/api/users/me/update', {
      token: account.token,
      body: { social: { website: 'ada.example' } },
    });
    expect(saved.status).toBe(200);
    for (const website of ['javascript:alert(document.cookie)', 'not a host', 'ftp://ada.example/files']) {
      const refused = await harness.call('POST', '/api/users/me/update', { token: account.token, body: { social: { website } } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(ACCOUNT_MESSAGES.websiteNotAnAddress);
    }
    expect((await me(account.token)).body.social.website).toBe('ada.example');
    // Clearing it stays possible.
    expect((await harness.call('POST', '/api/users/me/update', { token: account.token, body: { social: { website: '' } } })).status).toBe(
      200,
    );
  });

  it('refuses a name with text-direction or other control characters (U+202E before evil shows it reversed, as live), keeping the saved one', async () => {
    const account = await signUp();
    expect(
      (
        await harness.call('POST', '/api/users/me/update', {
          token: account.token,
          body: { info: { firstName: 'Ada', lastName: 'Byron' } },
        })
      ).status,
    ).toBe(200);
    for (const info of [{ firstName: '\u202Eevil' }, { lastName: 'By\u2067ron' }, { lastName: 'By\nron' }, { firstName: 'A\u001b[2Jda' }]) {
      const refused = await harness.call('POST', '/api/users/me/update', { token: account.token, body: { info } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(ACCOUNT_MESSAGES.nameControlCharacters);
    }
    expect((await me(account.token)).body.info).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
    // Right-to-left names themselves are welcome.
    expect(
      (await harness.call('POST', '/api/users/me/update', { token: account.token, body: { info: { firstName: 'עדה' } } })).status,
    ).toBe(200);
  });

  it('refuses the same app five times as the five favourite apps', async () => {
    const account = await signUp();
    const repeated = await harness.call('POST', '/api/users/me/update', {
      token: account.token,
      body: { favoriteApps: ['notion', 'notion', 'notion', 'notion', 'notion'] },
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toContain(ACCOUNT_MESSAGES.favouriteAppsExactly);
    expect((await me(account.token)).body.favoriteApps).toEqual([]);
  });

  it('refuses 4 favourite apps and a taken username, changing nothing', async () => {
    const account = await signUp();
    const four = await harness.call('POST', '/api/users/me/update', {
      token: account.token,
      body: { favoriteApps: ['notion', 'zapier', 'figma', 'canva'] },
    });
    expect(four.status).toBe(400);
    expect(four.body.message).toContain(ACCOUNT_MESSAGES.favouriteAppsExactly);
    const taken = await harness.call('POST', '/api/users/me/update', {
      token: account.token,
      body: { username: 'grace', info: { firstName: 'Changed' } },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Username is already taken.');
    const current = (await me(account.token)).body;
    expect(current.username).toBe(account.username);
    expect(current.info.firstName).toBe('');
  });

  it('refuses a blank first or last name once given (onboarding requires them), changing nothing', async () => {
    const account = await signUp();
    for (const info of [{ firstName: '  ' }, { lastName: '' }]) {
      const answer = await harness.call('POST', '/api/users/me/update', { token: account.token, body: { info } });
      expect(answer.status, JSON.stringify(info)).toBe(400);
    }
    expect(
      (await harness.call('POST', '/api/users/me/update', { token: account.token, body: { info: { firstName: 'x'.repeat(1001) } } }))
        .status,
    ).toBe(400);
    // The spec's default text-input limit: a name of 1000 characters is taken.
    expect(
      (await harness.call('POST', '/api/users/me/update', { token: account.token, body: { info: { firstName: 'x'.repeat(1000) } } }))
        .status,
    ).toBe(200);
  });

  it('renames, freeing the old name for others', async () => {
    const account = await signUp();
    const renamed = await harness.call<CurrentUser>('POST', '/api/users/me/update', {
      token: account.token,
      body: { username: `${account.username}x` },
    });
    expect(renamed.body.username).toBe(`${account.username}x`);
    expect(
      (await harness.call('POST', '/api/signup/username/check-availability', { body: { username: account.username } })).body.available,
    ).toBe(true);
  });

  it('re-encodes an uploaded picture as WebP of at most 1 MB; refuses SVG, HTML named .png and uploads over 10 MB', async () => {
    const account = await signUp();
    const upload = (fileName: string, bytes: Buffer, contentType = 'image/png') => {
      const boundary = '----tessera-test';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return harness.call<{ thumbnail: string }>('POST', '/api/users/me/picture', {
        token: account.token,
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    // Random noise does not compress: a 1500×800 PNG of it is about 3.6 MB.
    const noise = Buffer.from(Array.from({ length: 1500 * 800 * 3 }, () => Math.floor(Math.random() * 256)));
    const bigPng = await sharp(noise, { raw: { width: 1500, height: 800, channels: 3 } })
      .png()
      .toBuffer();
    expect(bigPng.length).toBeGreaterThan(1024 * 1024);
    const stored = await upload('holiday.png', bigPng);
    expect(stored.status).toBe(200);
    const image = await harness.app.inject({ method: 'GET', url: stored.body.thumbnail.split('?')[0]! });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.length).toBeLessThanOrEqual(1024 * 1024);
    expect((await me(account.token)).body.info.thumbnail).toBe(stored.body.thumbnail);

    const svg = await upload(
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    );
    expect(svg.status).toBe(400);
    expect((svg.body as unknown as { message: string }).message).toBe(IMAGE_MESSAGES.svgRefused);
    const html = await upload('cat.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(400);
    expect((html.body as unknown as { message: string }).message).toBe(IMAGE_MESSAGES.notAnImage);
    const huge = await upload('huge.png', Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(huge.status).toBe(413);
    expect((await me(account.token)).body.info.thumbnail).toBe(stored.body.thumbnail);
  });
});

describe('Google sign-in (tokens signed with the test key)', () => {
  it('creates a verified account keyed on issuer and subject, and signs the same account in again', async () => {
    const claims = googleClaims({ sub: 'google-subject-1', email: 'turing@example.com', name: 'Alan Turing' });
    const first = await harness.call<{ user: CurrentUser; created: boolean }>('POST', '/api/auth/googleLogin', {
      body: { token: signGoogleToken(claims) },
    });
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(true);
    expect(first.body.user).toMatchObject({ verification: { status: 'verified' }, hasGoogle: true, hasPassword: false });
    // A changed e-mail at Google does not make another account: the key is issuer + subject.
    const again = await harness.call<{ user: CurrentUser; created: boolean }>('POST', '/api/auth/googleLogin', {
      body: { token: signGoogleToken({ ...claims, email: 'alan@example.com' }) },
    });
    expect(again.body.created).toBe(false);
    expect(again.body.user._id).toBe(first.body.user._id);
  });

  it.each([
    ['the wrong audience', googleClaims({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['the wrong issuer', googleClaims({ iss: 'https://evil.example.com' })],
    ['an expiry in the past', googleClaims({ iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 })],
  ])('refuses a token with %s', async (_case, claims) => {
    const answer = await harness.call('POST', '/api/auth/googleLogin', { body: { token: signGoogleToken(claims) } });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Failed to authenticate with Google.');
  });
});

describe('test-user mode and account deletion', () => {
  it('gives an admin a separate test-user token that admin routes refuse; switching back signs the admin in again', async () => {
    const { db } = harness.infrastructure.database;
    // Other tests of this file start and stop test-user mode too.
    const { last } = await db
      .selectFrom('events')
      .select((eb) => eb.fn.max('position').as('last'))
      .executeTakeFirstOrThrow();
    const admin = await harness.call<{ token: string }>('POST', '/api/login', {
      body: { login: DEMO_ADMIN_USERNAME, password: TEST_DEMO_PASSWORD },
    });
    const started = await harness.call<{ token: string }>('POST', '/api/admin/test-user/toggle', {
      token: admin.body.token,
      body: { action: 'start' },
    });
    expect(started.status).toBe(200);
    const testToken = started.body.token;
    expect(testToken).not.toBe(admin.body.token);
    const status = await harness.call('GET', '/api/users/test-user/status', { token: testToken });
    expect(status.body).toEqual({ isTestUser: true });
    expect((await me(testToken)).body).toMatchObject({ isTestUser: true, lvl: 'base' });
    // A new member's points and picture, not the admin's own.
    const boundary = '----tessera-admin-picture';
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const pictured = await harness.call('POST', '/api/users/me/picture', {
      token: admin.body.token,
      body: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
        picture,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(pictured.status).toBe(200);
    const adminSelf = (await me(admin.body.token)).body as CurrentUser;
    expect(adminSelf.reward.total).toBeGreaterThan(0);
    expect(adminSelf.info.thumbnail).not.toBeNull();
    const simulated = (await me(testToken)).body as CurrentUser;
    expect(simulated.reward).toEqual({ total: 0, history: [] });
    expect(simulated.info.thumbnail).toBeNull();
    expect((await harness.call('GET', `/api/rewards/${adminSelf._id}`, { token: testToken })).body).toEqual({ rewards: [], total: 0 });

    const adminRoute = harness.app.routeAccess.find((route) => route.access === 'admin');
    expect(adminRoute).toBeDefined();
    const refused = await harness.call(adminRoute!.method as 'GET', `/api${adminRoute!.url.replace(/^\/api/u, '')}`, { token: testToken });
    expect(refused).toMatchObject({ status: 403, body: { error: true, message: ACCESS_MESSAGES.testUserRefused } });
    const back = await harness.call<{ token: string; user: CurrentUser }>('POST', '/api/auth/relogin-admin', { token: testToken });
    expect(back.status).toBe(200);
    // The demo admin is the site's owner.
    expect(back.body.user.lvl).toBe('owner');
    expect((await me(testToken)).status).toBe(401);

    const events = await db
      .selectFrom('events')
      .select(['type', 'metadata'])
      .where('type', 'in', ['TestUserModeStarted', 'TestUserModeStopped'])
      .where('position', '>', last)
      .execute();
    expect(events.map((event) => event.type)).toEqual(['TestUserModeStarted', 'TestUserModeStopped']);
  });

  it('erases an account on request: sessions end, the profile shows as erased, the e-mail cannot be read', async () => {
    const account = await signUp();
    const withoutPassword = await harness.call<{ message: string }>('POST', '/api/users/me/delete', { token: account.token, body: {} });
    expect({ status: withoutPassword.status, message: withoutPassword.body.message }).toEqual({
      status: 400,
      message: ACCOUNT_MESSAGES.deleteNeedsPassword,
    });
    // A wrong password is named as wrong, not as missing.
    const wrongPassword = await harness.call<{ message: string }>('POST', '/api/users/me/delete', {
      token: account.token,
      body: { password: 'Wrong#one1' },
    });
    expect({ status: wrongPassword.status, message: wrongPassword.body.message }).toEqual({
      status: 400,
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
    });
    expect((await harness.call('POST', '/api/users/me/delete', { token: account.token, body: { password: PASSWORD } })).status).toBe(200);
    expect((await me(account.token)).status).toBe(401);
    // The name it went by leads nowhere; what remains (its posts' author) shows as erased.
    expect((await harness.call('GET', `/api/users/public/${account.username}`)).status).toBe(404);
    const profile = await harness.call<{ user: PublicProfile }>('GET', `/api/users/public/${erasedUsername(account.user._id)}`);
    expect(profile.body.user).toMatchObject({ erased: true, info: { displayName: 'Erased user', bio: '' } });
    expect(await harness.infrastructure.vault.isForgotten(account.user._id)).toBe(true);
    expect((await harness.call('POST', '/api/login', { body: { login: account.username, password: PASSWORD } })).status).toBe(401);
  });
});

describe('personal data after deletion', () => {
  it('leaves no username, contact message, newsletter subscription, outbox mail or claim behind; the e-mail can sign up again', async () => {
    const account = await signUp();
    expect(
      (
        await harness.call('POST', '/api/email/subscribe', {
          body: { email: account.email },
          token: account.token,
          remoteAddress: account.address,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await harness.call('POST', '/api/contact-us', {
          body: { name: 'Erin Erased', email: account.email, message: 'Please call me back' },
          token: account.token,
          remoteAddress: account.address,
        })
      ).status,
    ).toBe(200);
    await harness.call('POST', '/api/request-password-reset', { body: { username: account.username }, remoteAddress: account.address });
    await resetMailTo(account.email);
    const { vault } = harness.infrastructure;
    const { subscriberId } = await newsletterSubscription(vault, account.email);
    expect(await vault.isForgotten(subscriberId)).toBe(false);
    await harness.catchUp();
    const messages = await harness.infrastructure.database.db
      .selectFrom('contact_messages')
      .select('id')
      .where('sender_user_id', '=', account.user._id)
      .execute();
    expect(messages).toHaveLength(1);

    expect((await harness.call('POST', '/api/users/me/delete', { token: account.token, body: { password: PASSWORD } })).status).toBe(200);

    expect((await harness.call('GET', `/api/users/public/${account.username}`)).status).toBe(404);
    expect(await vault.isForgotten(messages[0]!.id)).toBe(true);
    expect(await vault.isForgotten(subscriberId)).toBe(true);
    expect(await harness.infrastructure.outbox!.list({ to: account.email })).toEqual([]);
    const again = await harness.call('POST', '/api/signupUser', {
      body: { username: account.username, email: account.email, password: PASSWORD, agreeToTermsAndConditions: true },
      remoteAddress: '10.90.0.1',
    });
    expect(again.status).toBe(201);
  });
});

describe('usernames in the log', () => {
  const adminToken = async () =>
    (
      await harness.call<{ token: string }>('POST', '/api/login', {
        body: { login: DEMO_ADMIN_USERNAME, password: TEST_DEMO_PASSWORD },
      })
    ).body.token;

  /** Every stored event's stream id, type, data and metadata, and every command snapshot, that mention `text` in any letter case. */
  async function logMentions(text: string): Promise<string[]> {
    const { db } = harness.infrastructure.database;
    const events = await sql<{
      row: string;
    }>`select concat_ws(' ', stream_id, type, data::text, metadata::text) as row from events`.execute(db);
    const snapshots = await sql<{ row: string }>`select concat_ws(' ', stream_id, state::text) as row from stream_snapshots`.execute(db);
    return [...events.rows, ...snapshots.rows].map(({ row }) => row).filter((row) => row.toLowerCase().includes(text.toLowerCase()));
  }

  it('signs in and shows the profile by a sealed username, and refuses the name in another letter case', async () => {
    const signedUp = await harness.call('POST', '/api/signupUser', {
      body: { username: 'harlowe', email: 'h.person@example.net', password: PASSWORD, agreeToTermsAndConditions: true },
      remoteAddress: '10.91.1.1',
    });
    expect(signedUp.status).toBe(201);
    expect((await harness.call('POST', '/api/login', { body: { login: 'harlowe', password: PASSWORD } })).status).toBe(200);
    expect((await harness.call('POST', '/api/login', { body: { login: 'Harlowe', password: PASSWORD } })).status).toBe(200);
    expect((await harness.call('GET', '/api/users/public/harlowe')).status).toBe(200);
    // One name whatever its letter case: the blind index is of the lower-case spelling.
    await expect(
      harness.infrastructure.accounts.register({ username: 'Harlowe', email: 'h.other@example.net', password: PASSWORD }),
    ).rejects.toMatchObject({ kind: 'conflict', message: ACCOUNT_MESSAGES.usernameNotAvailable('Harlowe') });
    const duplicate = await harness.call('POST', '/api/signupUser', {
      body: { username: 'harlowe', email: 'h.third@example.net', password: PASSWORD, agreeToTermsAndConditions: true },
      remoteAddress: '10.91.1.2',
    });
    expect(duplicate.status).toBe(409);
  });

  it('after erasure holds nothing of the username (nor of an earlier one) in the log, shows "Erased user", rebuilds alike, and frees the name', async () => {
    const signedUp = await harness.call<{ token: string; user: CurrentUser }>('POST', '/api/signupUser', {
      body: { username: 'wrenfield', email: 'w.person@example.net', password: PASSWORD, agreeToTermsAndConditions: true },
      remoteAddress: '10.91.0.1',
    });
    expect(signedUp.status).toBe(201);
    const userId = signedUp.body.user._id;
    const renamed = await harness.call<CurrentUser>('POST', '/api/users/me/update', {
      token: signedUp.body.token,
      body: { username: 'wrenfield.two' },
    });
    expect(renamed.body.username).toBe('wrenfield.two');

    expect((await harness.call('POST', '/api/users/me/delete', { token: signedUp.body.token, body: { password: PASSWORD } })).status).toBe(
      200,
    );
    await harness.catchUp();
    expect(await logMentions('wrenfield')).toEqual([]);
    expect((await harness.call('GET', '/api/users/public/wrenfield.two')).status).toBe(404);
    const profile = await harness.call<{ user: PublicProfile }>('GET', `/api/users/public/${erasedUsername(userId)}`);
    expect(profile.body.user).toMatchObject({ erased: true, info: { displayName: 'Erased user' } });

    // The read models rebuilt from the log now equal the live ones: the erased name cannot be opened any more.
    const validation = await harness.call('GET', '/api/admin/validate', { token: await adminToken() });
    expect(validation.body).toMatchObject({ success: true, differences: [] });

    // Erasure releases the name's claim (under its blind index), so anyone may take it.
    const again = await harness.call('POST', '/api/signupUser', {
      body: { username: 'wrenfield.two', email: 'w.again@example.net', password: PASSWORD, agreeToTermsAndConditions: true },
      remoteAddress: '10.91.0.3',
    });
    expect(again.status).toBe(201);
  });

  it('keeps an account registered before usernames were sealed: it signs in, its name stays taken until it renames, then is free', async () => {
    // What the log holds from before: the claim on a stream named after the username, and UserRegistered v1 with it in clear.
    const { store, vault } = harness.infrastructure;
    const userId = randomUUID();
    const metadata = {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: { userId, role: 'base' as const },
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    await store.appendToStream(
      claimStream('username', 'oldtimer'),
      [{ id: randomUUID(), type: 'ValueClaimed', data: { kind: 'username', value: 'oldtimer', ownerId: userId }, metadata }],
      { expectedRevision: 'no_stream' },
    );
    const registered = await store.appendToStream(
      `user-${userId}`,
      [
        {
          id: randomUUID(),
          type: 'UserRegistered',
          data: {
            userId,
            username: 'oldtimer',
            emailEnc: await vault.encrypt(userId, 'old.timer@example.net'),
            emailLookup: await harness.infrastructure.accounts.emailLookup('old.timer@example.net'),
            displayNameEnc: null,
            lvl: 'base',
            passwordHash: await hashPassword(PASSWORD),
            googleKey: null,
            verification: 'pending',
          },
          metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await harness.catchUp(registered.position);

    const signedIn = await harness.call<{ token: string; user: CurrentUser }>('POST', '/api/login', {
      body: { login: 'oldtimer', password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.username).toBe('oldtimer');
    const signUpAs = (username: string, email: string, remoteAddress: string) =>
      harness.call('POST', '/api/signupUser', {
        body: { username, email, password: PASSWORD, agreeToTermsAndConditions: true },
        remoteAddress,
      });
    expect((await signUpAs('oldtimer', 'new.timer@example.net', '10.92.0.1')).status).toBe(409);

    const renamed = await harness.call<CurrentUser>('POST', '/api/users/me/update', {
      token: signedIn.body.token,
      body: { username: 'oldtimer.sealed' },
    });
    expect(renamed.body.username).toBe('oldtimer.sealed');
    expect((await signUpAs('oldtimer', 'new.timer@example.net', '10.92.0.2')).status).toBe(201);
  });
});

describe('admin user management', () => {
  it('lets an admin block an account (ending its sessions) and read its full history with actors; owners alone change levels', async () => {
    const member = await signUp();
    const admin = await harness.call<{ token: string; user: CurrentUser }>('POST', '/api/login', {
      body: { login: DEMO_ADMIN_USERNAME, password: TEST_DEMO_PASSWORD },
      remoteAddress: '10.200.0.1',
    });
    const listed = await harness.call<{ data: { username: string }[] }>('GET', `/api/admin/allusers?q=${member.username}`, {
      token: admin.body.token,
    });
    expect(listed.body.data.map((user) => user.username)).toEqual([member.username]);

    const noReason = await harness.call('POST', `/api/admin/users/${member.user._id}/verification`, {
      token: admin.body.token,
      body: { status: 'blocked', reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const blocked = await harness.call('POST', `/api/admin/users/${member.user._id}/verification`, {
      token: admin.body.token,
      body: { status: 'blocked', reason: 'spam links' },
    });
    expect(blocked.status).toBe(200);
    expect((await me(member.token)).status).toBe(401);
    expect(
      await harness.call('POST', '/api/login', { body: { login: member.username, password: PASSWORD }, remoteAddress: member.address }),
    ).toMatchObject({
      status: 403,
      body: { error: true, message: ACCOUNT_MESSAGES.accountBlocked },
    });

    const history = await harness.call<{ data: { type: string; actor: { userId: string }; details: Record<string, unknown> }[] }>(
      'GET',
      `/api/admin/users/${member.user._id}/history`,
      { token: admin.body.token },
    );
    const block = history.body.data.find((event) => event.type === 'VerificationStatusChanged');
    expect(block).toMatchObject({ actor: { userId: admin.body.user._id }, details: { to: 'blocked', reason: 'spam links' } });
    expect(JSON.stringify(history.body)).not.toMatch(/pd1:|argon2|tokenHash/u);

    // The demo admin is the site's owner, who changes levels; an admin does not.
    const anAdmin = await signUp();
    const madeAdmin = await harness.infrastructure.accounts.changeLevel(anAdmin.user._id, 'admin', { userId: null, role: 'operator' });
    await harness.catchUp(madeAdmin.position);
    const byAdmin = await harness.call('POST', `/api/admin/users/${member.user._id}/level`, {
      token: anAdmin.token,
      body: { lvl: 'admin' },
    });
    expect(byAdmin.status).toBe(403);
    const byOwner = await harness.call('POST', `/api/admin/users/${member.user._id}/level`, {
      token: admin.body.token,
      body: { lvl: 'admin' },
    });
    expect(byOwner.status).toBe(200);
    const asMember = await harness.call('GET', '/api/admin/allusers', { token: (await signUp()).token });
    expect(asMember.status).toBe(403);
  });

  it('refuses an admin blocking another admin or an owner; an owner blocks an admin, with actor and reason in the history', async () => {
    const operator = { userId: null, role: 'operator' as const };
    const atLevel = async (lvl: 'admin' | 'owner') => {
      const account = await signUp();
      const { position } = await harness.infrastructure.accounts.changeLevel(account.user._id, lvl, operator);
      await harness.catchUp(position);
      return account;
    };
    const [admin, otherAdmin, owner, otherOwner] = [
      await atLevel('admin'),
      await atLevel('admin'),
      await atLevel('owner'),
      await atLevel('owner'),
    ];
    const setStatus = (actor: { token: string }, target: { user: CurrentUser }, status: 'blocked' | 'verified') =>
      harness.call('POST', `/api/admin/users/${target.user._id}/verification`, {
        token: actor.token,
        body: { status, reason: 'abuse of the portal' },
      });

    for (const target of [otherAdmin, owner]) {
      const refused = await setStatus(admin, target, 'blocked');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ACCOUNT_MESSAGES.statusChangeNeedsOwner);
      expect((await me(target.token)).status).toBe(200);
    }
    expect((await setStatus(owner, otherAdmin, 'blocked')).status).toBe(200);
    expect((await me(otherAdmin.token)).status).toBe(401);
    expect((await setStatus(owner, otherOwner, 'blocked')).status).toBe(200);

    const history = await harness.call<{ data: { type: string; actor: { userId: string }; details: Record<string, unknown> }[] }>(
      'GET',
      `/api/admin/users/${otherAdmin.user._id}/history`,
      { token: owner.token },
    );
    expect(history.body.data.find((event) => event.type === 'VerificationStatusChanged')).toMatchObject({
      actor: { userId: owner.user._id },
      details: { to: 'blocked', reason: 'abuse of the portal' },
    });
  });
});
