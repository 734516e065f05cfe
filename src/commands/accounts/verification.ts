import { randomUUID } from 'node:crypto';
import { newNumericCode, newSecretToken, tokenHash } from '../../adapters/security/tokens.js';
import { ACCOUNT_MESSAGES, VERIFICATION_CODE, VERIFICATION_LINK_LIFETIME_MS } from '../../domain/accounts/rules.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { activeUserByUsername, existingUserById } from '../../projections/read-models/users/queries.js';
import { emailOf, nowOf, onAccount, type AccountServiceDeps } from './deps.js';

/** A code is hashed with the user's id so the same code of two users never hashes alike. */
function codeHash(deps: AccountServiceDeps, userId: string, code: string): Promise<string> {
  return deps.vault.blindIndex(`otp:${userId}:${code}`);
}

/** Issues a 6-digit code (hashed at rest) and mails it. */
export async function issueVerificationCode(deps: AccountServiceDeps, userId: string, actor: Actor) {
  const code = newNumericCode(VERIFICATION_CODE.digits);
  const expiresAt = new Date(nowOf(deps).getTime() + VERIFICATION_CODE.lifetimeMs);
  const result = await onAccount(
    deps,
    userId,
    {
      type: 'IssueVerificationCode',
      data: {
        codeId: randomUUID(),
        codeHash: await codeHash(deps, userId, code),
        expiresAt: expiresAt.toISOString(),
        attempts: VERIFICATION_CODE.maxAttempts,
      },
    },
    { actor },
  );
  const email = await emailOf(deps, userId);
  if (email) {
    await deps.mail.send({
      to: email,
      subject: `Your Tessera verification code: ${code}`,
      text: `Your verification code is ${code}.\n\nEnter it on your account page within 10 minutes. If you did not ask for it, you can ignore this e-mail.`,
    });
  }
  return result;
}

/** Checks a code: verified, or the rejection is recorded and the remaining attempts reported. */
export async function submitVerificationCode(
  deps: AccountServiceDeps,
  userId: string,
  code: string,
  actor: Actor,
): Promise<{ verified: true; position: bigint | null } | { verified: false; attemptsRemaining: number; position: bigint | null }> {
  const result = await onAccount(
    deps,
    userId,
    { type: 'SubmitVerificationCode', data: { codeHash: await codeHash(deps, userId, code), now: nowOf(deps).toISOString() } },
    { actor },
  );
  const rejected = result.events.find((event) => event.type === 'VerificationCodeRejected');
  if (rejected && rejected.type === 'VerificationCodeRejected')
    return { verified: false, attemptsRemaining: rejected.data.attemptsRemaining, position: result.position };
  return { verified: true, position: result.position };
}

export async function sendVerificationLink(deps: AccountServiceDeps, userId: string, actor: Actor) {
  const token = newSecretToken();
  const expiresAt = new Date(nowOf(deps).getTime() + VERIFICATION_LINK_LIFETIME_MS);
  const result = await onAccount(
    deps,
    userId,
    { type: 'IssueVerificationLink', data: { linkId: randomUUID(), tokenHash: tokenHash(token), expiresAt: expiresAt.toISOString() } },
    { actor },
  );
  const user = await existingUserById(deps.db, userId);
  const email = await emailOf(deps, userId);
  if (email) {
    const link = `${deps.publicUrl}/email-verified?un=${encodeURIComponent(user.username)}&token=${encodeURIComponent(token)}`;
    await deps.mail.send({
      to: email,
      subject: 'Verify your Tessera e-mail address',
      text: `Welcome to Tessera, ${user.username}!\n\nConfirm your e-mail address by opening this link (valid for 24 hours):\n${link}\n`,
    });
  }
  return result;
}

export async function verifyByLink(deps: AccountServiceDeps, username: string, token: string) {
  const user = await activeUserByUsername(deps.db, username);
  if (!user) throw new DomainError('invalid', ACCOUNT_MESSAGES.verificationLinkInvalid);
  return onAccount(
    deps,
    user.id,
    { type: 'VerifyByLink', data: { tokenHash: tokenHash(token), now: nowOf(deps).toISOString() } },
    { actor: { userId: user.id, role: 'base' } },
  );
}
