import { accountDeciderFor } from '../../domain/accounts/decider.js';
import { userStream } from '../../domain/accounts/events.js';
import { normaliseUsername } from '../../domain/accounts/rules.js';
import { claimDeciderFor, claimStream, type ClaimKind } from '../../domain/accounts/uniqueness.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import type { CommandBus } from '../bus/handle-command.js';

/** Takes a username, e-mail address or Google identity for one account; `takenMessage` refuses it when another holds it. */
export function claimValue(commands: CommandBus, kind: ClaimKind, value: string, ownerId: string, takenMessage: string, actor: Actor) {
  return commands.handle(
    claimDeciderFor(kind, value, takenMessage),
    claimStream(kind, value),
    { type: 'Claim', data: { ownerId } },
    { actor },
  );
}

export function releaseValue(commands: CommandBus, kind: ClaimKind, value: string, ownerId: string, actor: Actor) {
  return commands.handle(claimDeciderFor(kind, value, ''), claimStream(kind, value), { type: 'Release', data: { ownerId } }, { actor });
}

/** The stream a username was claimed on before usernames were sealed: named after it in clear. */
export const clearUsernameClaim = (username: string) => normaliseUsername(username);

/**
 * The account holding `username` through a claim made before usernames were sealed (on a stream
 * named after it in clear), or null. Nothing claims there any more, so such a claim only ever loses
 * force: it holds while its owner still goes by that name, or has not registered yet (a sign-up
 * under way, or one that crashed). Read only: the one thing ever written under a clear name is the
 * release of a crashed sign-up's claim (releaseIfAbandoned), for a name no account ever held.
 */
async function clearClaimHolder(commands: CommandBus, username: string): Promise<string | null> {
  const value = clearUsernameClaim(username);
  const { ownerId } = await commands.stateOf(claimDeciderFor('username', value, ''), claimStream('username', value));
  if (ownerId === null) return null;
  const owner = await commands.stateOf(accountDeciderFor(ownerId), userStream(ownerId));
  if (!owner.registered) return ownerId;
  const goesByIt =
    !owner.erased && owner.username !== null && 'clear' in owner.username && clearUsernameClaim(owner.username.clear) === value;
  return goesByIt ? ownerId : null;
}

/** The account that holds `username` (whose blind index is `lookup`), or null. */
export async function usernameOwner(commands: CommandBus, username: string, lookup: string): Promise<string | null> {
  const { ownerId } = await commands.stateOf(claimDeciderFor('username', lookup, ''), claimStream('username', lookup));
  return ownerId ?? (await clearClaimHolder(commands, username));
}

/**
 * Claims a username by its blind index (`lookup`), refusing one an account holds by a claim in
 * clear from before usernames were sealed.
 */
export async function claimUsername(
  commands: CommandBus,
  username: string,
  lookup: string,
  ownerId: string,
  takenMessage: string,
  actor: Actor,
) {
  const holder = await clearClaimHolder(commands, username);
  if (holder !== null && holder !== ownerId) throw new DomainError('conflict', takenMessage);
  return claimValue(commands, 'username', lookup, ownerId, takenMessage, actor);
}
