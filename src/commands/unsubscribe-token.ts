import { timingSafeEqual } from 'node:crypto';
import type { PersonalDataVault } from '../adapters/vault/vault.js';

/** The path the unsubscribe links of mass e-mails point to (served by the API, so no web route is needed). */
export const UNSUBSCRIBE_PATH = '/api/emails/unsubscribe';

/**
 * A signed unsubscribe token: the user id and an HMAC of it under the vault's blind-index key, so
 * nobody can turn off another member's e-mails by changing the id. It never expires: the link in
 * an old e-mail must keep working.
 */
export async function unsubscribeToken(vault: PersonalDataVault, userId: string): Promise<string> {
  return `${userId}.${await vault.blindIndex(`unsubscribe:${userId}`)}`;
}

export async function unsubscribeUrl(vault: PersonalDataVault, publicUrl: string, userId: string): Promise<string> {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(await unsubscribeToken(vault, userId))}`;
}

/** The user id a token was signed for, or null when it was changed or made up. */
export async function verifyUnsubscribeToken(vault: PersonalDataVault, token: string): Promise<string | null> {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const expected = Buffer.from(await vault.blindIndex(`unsubscribe:${userId}`));
  const given = Buffer.from(token.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
