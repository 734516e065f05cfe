import type { EventStore } from '../../adapters/eventstore/port.js';
import { userStream } from '../../domain/accounts/events.js';
import { claimDeciderFor, claimStream, type ClaimEvent, type ClaimKind } from '../../domain/accounts/uniqueness.js';
import type { Actor } from '../../domain/shared/events.js';
import type { CommandBus } from '../bus/handle-command.js';

/**
 * A sign-up claims its username and e-mail before it registers the account, and releases them if it
 * fails; a crash in between leaves claims no account holds. After this long such a claim is
 * abandoned: no live sign-up takes minutes between its claims and its registration.
 */
export const ABANDONED_CLAIM_AFTER_MS = 15 * 60 * 1000;

const CLAIM_SWEEPER: Actor = { userId: null, role: 'system' };

/**
 * Releases the claim on `value` when it is older than ABANDONED_CLAIM_AFTER_MS and its owner never
 * registered; true when it did. The release goes through the claim decider, so a claim that changed
 * hands meanwhile is left alone.
 */
export async function releaseIfAbandoned(
  deps: { commands: CommandBus; store: Pick<EventStore, 'readStream'> },
  kind: ClaimKind,
  value: string,
  now: Date,
): Promise<boolean> {
  const claim = ((await deps.store.readStream(claimStream(kind, value))) as unknown as ClaimEvent[]).at(-1) as
    (ClaimEvent & { metadata: { occurredAt: string } }) | undefined;
  if (!claim || claim.type !== 'ValueClaimed') return false;
  if (now.getTime() - Date.parse(claim.metadata.occurredAt) < ABANDONED_CLAIM_AFTER_MS) return false;
  const account = await deps.store.readStream(userStream(claim.data.ownerId));
  if (account.some((event) => event.type === 'UserRegistered')) return false;
  const released = await deps.commands.handle(
    claimDeciderFor(kind, value, ''),
    claimStream(kind, value),
    { type: 'Release', data: { ownerId: claim.data.ownerId } },
    { actor: CLAIM_SWEEPER },
  );
  return released.events.length > 0;
}
