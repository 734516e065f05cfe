import { userStream, type UserLevel, type VerificationStatus } from '../../domain/accounts/events.js';
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

/** Every event of the account's stream, oldest first (the admin's history of it). */
export function accountHistory(deps: Pick<AccountServiceDeps, 'store'>, userId: string): Promise<RecordedEvent[]> {
  return deps.store.readStream(userStream(userId));
}
