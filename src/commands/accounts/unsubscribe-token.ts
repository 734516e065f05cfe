import { timingSafeEqual } from 'node:crypto';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { UnsubscribeList } from '../../domain/accounts/rules.js';

/** The path the unsubscribe links of our e-mails point to (served by the API, so no web route is needed). */
export const UNSUBSCRIBE_PATH = '/api/emails/unsubscribe';

/** What a list's token signs: update e-mails' links predate the other lists and must keep working. */
const signedText = (userId: string, list: UnsubscribeList) =>
  list === 'updates' ? `unsubscribe:${userId}` : `unsubscribe:${list}:${userId}`;

/**
 * A signed unsubscribe token: the user id and an HMAC of it and the list under the vault's
 * blind-index key, so nobody can turn off another member's e-mails by changing the id, nor a list
 * by changing its name. It never expires: the link in an old e-mail must keep working.
 */
export async function unsubscribeToken(vault: PersonalDataVault, userId: string, list: UnsubscribeList): Promise<string> {
  return `${userId}.${await vault.blindIndex(signedText(userId, list))}`;
}

/** The link that turns `list` off for the user (update e-mails' without a list, as they always were). */
export async function unsubscribeUrl(vault: PersonalDataVault, publicUrl: string, userId: string, list: UnsubscribeList): Promise<string> {
  const token = `token=${encodeURIComponent(await unsubscribeToken(vault, userId, list))}`;
  return `${publicUrl}${UNSUBSCRIBE_PATH}?${list === 'updates' ? token : `list=${list}&${token}`}`;
}

/** The headers that let a mail client offer the link as one click (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The user id a token was signed for with `list`, or null when it was changed, made up, or signed for another list. */
export async function verifyUnsubscribeToken(vault: PersonalDataVault, token: string, list: UnsubscribeList): Promise<string | null> {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const expected = Buffer.from(await vault.blindIndex(signedText(userId, list)));
  const given = Buffer.from(token.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
