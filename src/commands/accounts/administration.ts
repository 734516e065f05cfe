import { userStream, type StoredUsername, type UserLevel, type VerificationStatus } from '../../domain/accounts/events.js';
import { USER_MANAGEMENT_MESSAGES } from '../../domain/accounts/user-management.js';
import type { Actor, RecordedEvent } from '../../domain/shared/events.js';
import { onAccount, type AccountServiceDeps } from './deps.js';
import type { OwnerGuard } from './owner-guard.js';

/**
 * Whether `actor`'s change of another's level or status goes through the OwnerGuard. Not the
 * operator's command line (npm run users): it is the repair path of the owners' roles, and runs
 * without the read models' runner the guard waits for. Not a change of one's own: the account
 * decider refuses it with its own message.
 */
const mayTakeAnOwner = (actor: Actor, userId: string) => actor.role !== 'operator' && actor.userId !== userId;

export function changeLevel(deps: AccountServiceDeps, owners: OwnerGuard, userId: string, to: UserLevel, actor: Actor) {
  const change = () => onAccount(deps, userId, { type: 'ChangeLevel', data: { to, decidedById: actor.userId } }, { actor });
  return to === 'owner' || !mayTakeAnOwner(actor, userId)
    ? change()
    : owners.keepingAnOwner(userId, USER_MANAGEMENT_MESSAGES.lastOwnerChange, change);
}

export function changeVerificationStatus(
  deps: AccountServiceDeps,
  owners: OwnerGuard,
  userId: string,
  to: VerificationStatus,
  reason: string,
  actor: Actor,
) {
  const change = () =>
    onAccount(
      deps,
      userId,
      { type: 'ChangeVerificationStatus', data: { to, reason, decidedBy: actor.role, decidedById: actor.userId } },
      { actor },
    );
  return to === 'blocked' && mayTakeAnOwner(actor, userId)
    ? owners.keepingAnOwner(userId, USER_MANAGEMENT_MESSAGES.lastOwnerChange, change)
    : change();
}

/**
 * Every event of the account's stream, oldest first (the admin's history of it), with its usernames
 * opened: `username` of the registration, `from` and `to` of each rename; null once the account is
 * erased, even where an event from before usernames were sealed holds it in clear.
 */
export async function accountHistory(deps: Pick<AccountServiceDeps, 'store' | 'vault'>, userId: string): Promise<RecordedEvent[]> {
  const events = await deps.store.readStream(userStream(userId));
  const erased = await deps.vault.isForgotten(userId);
  const open = async (stored: StoredUsername) =>
    erased ? null : 'clear' in stored ? stored.clear : await deps.vault.decrypt(userId, stored.sealed);
  let current: string | null = null;
  const opened: RecordedEvent[] = [];
  for (const event of events) {
    if (event.type === 'UserRegistered') {
      current = await open((event.data as { username: StoredUsername }).username);
      opened.push({ ...event, data: { ...(event.data as object), username: current } });
    } else if (event.type === 'UsernameChanged') {
      const to = await open((event.data as { to: StoredUsername }).to);
      opened.push({ ...event, data: { userId, from: current, to } });
      current = to;
    } else opened.push(event);
  }
  return opened;
}
