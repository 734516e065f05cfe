import { claimDeciderFor, claimStream, type ClaimKind } from '../../domain/accounts/uniqueness.js';
import type { Actor } from '../../domain/shared/events.js';
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
