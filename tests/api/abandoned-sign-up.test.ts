import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { ABANDONED_CLAIM_AFTER_MS } from '../../src/commands/accounts/abandoned-claims.js';
import { claimValue } from '../../src/commands/accounts/claims.js';
import { ACCOUNT_MESSAGES } from '../../src/domain/accounts/rules.js';
import type { ClaimKind } from '../../src/domain/accounts/uniqueness.js';

const PASSWORD = 'Sturdy#pass1';

/**
 * The docs promise that a sign-up killed half-way frees its username after 15 minutes. The server's
 * clock is moved instead of waited for.
 */
describe('a sign-up killed after claiming its username', () => {
  let harness: ApiHarness;
  let clockAheadMs = 0;

  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 1, seed: 61 }, { now: () => new Date(Date.now() + clockAheadMs) });
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** What the sign-up appended before it died: its claims, made as registration makes them, and no account. */
  async function killedSignUp(username: string, email: string): Promise<void> {
    const ownerId = randomUUID();
    const claims: [ClaimKind, string][] = [
      ['username', username],
      ['email', await harness.infrastructure.accounts.emailLookup(email)],
    ];
    for (const [kind, value] of claims)
      await claimValue(harness.infrastructure.commands, kind, value, ownerId, 'taken', { userId: ownerId, role: 'base' });
  }
  const signUpAs = (username: string, email: string, address: string) =>
    harness.call('POST', '/api/signupUser', {
      body: { username, email, password: PASSWORD, agreeToTermsAndConditions: true },
      remoteAddress: address,
    });

  it('holds the username for 15 minutes, then lets another person register it', async () => {
    await killedSignUp('halfwaykilled', 'halfway.killed@example.com');

    clockAheadMs = ABANDONED_CLAIM_AFTER_MS - 60_000;
    const tooSoon = await signUpAs('halfwaykilled', 'someone.else@example.com', '10.61.0.1');
    expect(tooSoon).toMatchObject({ status: 409, body: { message: ACCOUNT_MESSAGES.usernameNotAvailable('halfwaykilled') } });

    clockAheadMs = ABANDONED_CLAIM_AFTER_MS + 60_000;
    const later = await signUpAs('halfwaykilled', 'someone.else@example.com', '10.61.0.2');
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    // Its e-mail address is free again too, for a sign-up under another name.
    expect((await signUpAs('halfwaykilledtoo', 'halfway.killed@example.com', '10.61.0.3')).status).toBe(201);
  });

  it('holds the username of a sign-up killed after claiming only its username', async () => {
    clockAheadMs = 0;
    await claimValue(harness.infrastructure.commands, 'username', 'namedonly', randomUUID(), 'taken', { userId: null, role: 'system' });
    expect((await signUpAs('namedonly', 'named.only@example.com', '10.61.0.4')).status).toBe(409);
    clockAheadMs = ABANDONED_CLAIM_AFTER_MS + 60_000;
    expect((await signUpAs('namedonly', 'named.only@example.com', '10.61.0.5')).status).toBe(201);
  });
});
