import { accountDeciderFor } from '../../domain/accounts/decider.js';
import { userStream } from '../../domain/accounts/events.js';
import type { ClaimKind } from '../../domain/accounts/uniqueness.js';
import type { Actor } from '../../domain/shared/events.js';
import { contactMessageIdsFrom } from '../../projections/read-models/contact-messages/queries.js';
import { supportVaultSubjectsOf } from '../../projections/read-models/support/queries.js';
import { userById } from '../../projections/read-models/users/queries.js';
import { newsletterSubscription } from '../outreach/newsletter.js';
import { releaseValue } from './claims.js';
import { emailOf, latest, onAccount, type AccountServiceDeps } from './deps.js';

/**
 * Ends every session and erases what the account gave us: its vault key (profile, e-mail), the keys of
 * its newsletter subscription and of the contact messages it sent, its mail in the outbox; and frees
 * its username, e-mail address and Google identity for anyone. The posts' counts stay. The caller
 * keeps the last active owner (OwnerGuard).
 */
export async function eraseAccount(deps: AccountServiceDeps, userId: string, actor: Actor) {
  const row = await userById(deps.db, userId);
  const { username } = await deps.commands.stateOf(accountDeciderFor(userId), userStream(userId));
  const email = await emailOf(deps, userId);
  const deleted = await onAccount(deps, userId, { type: 'DeleteAccount' }, { actor });
  // A name claimed in clear (before usernames were sealed) lapses with the account: see clearClaimHolder in claims.ts.
  const claims: [ClaimKind, string | null | undefined][] = [
    ['username', username !== null && 'lookup' in username ? username.lookup : null],
    ['email', row?.email_lookup],
    ['google', row?.google_key],
  ];
  const released = [];
  for (const [kind, value] of claims) if (value) released.push((await releaseValue(deps.commands, kind, value, userId, actor)).position);
  if (email !== null) {
    await deps.vault.forget((await newsletterSubscription(deps.vault, email)).subscriberId);
    await deps.outbox?.forgetRecipient(email);
  }
  for (const messageId of await contactMessageIdsFrom(deps.db, userId)) await deps.vault.forget(messageId);
  for (const subject of await supportVaultSubjectsOf(deps.db, userId)) await deps.vault.forget(subject);
  await deps.vault.forget(userId);
  return { ...deleted, position: latest(deleted.position, ...released) };
}
