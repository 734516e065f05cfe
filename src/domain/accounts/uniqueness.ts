import { DomainError, type Decider, type DomainEvent } from '../shared/events.js';

/**
 * A unique value (a username, an e-mail address's lookup hash, a Google identity) is claimed on
 * its own stream, so two accounts can never hold it: the stream's revision decides the race.
 */
export type ClaimKind = 'username' | 'email' | 'google';

export type ValueClaimed = DomainEvent<'ValueClaimed', { kind: ClaimKind; value: string; ownerId: string }>;
export type ValueReleased = DomainEvent<'ValueReleased', { kind: ClaimKind; value: string; ownerId: string }>;
export type ClaimEvent = ValueClaimed | ValueReleased;

export type ClaimCommand = { type: 'Claim'; data: { ownerId: string } } | { type: 'Release'; data: { ownerId: string } };

export const claimStream = (kind: ClaimKind, value: string) => `unique-${kind}-${value}`;

export function claimDeciderFor(
  kind: ClaimKind,
  value: string,
  takenMessage: string,
): Decider<{ ownerId: string | null }, ClaimCommand, ClaimEvent> {
  return {
    initialState: () => ({ ownerId: null }),
    evolve: (state, event) => ({ ownerId: event.type === 'ValueClaimed' ? event.data.ownerId : null }),
    decide(command, state) {
      if (command.type === 'Claim') {
        if (state.ownerId === command.data.ownerId) return [];
        if (state.ownerId !== null) throw new DomainError('conflict', takenMessage);
        return [{ type: 'ValueClaimed', data: { kind, value, ownerId: command.data.ownerId } }];
      }
      return state.ownerId === command.data.ownerId
        ? [{ type: 'ValueReleased', data: { kind, value, ownerId: command.data.ownerId } }]
        : [];
    },
  };
}
