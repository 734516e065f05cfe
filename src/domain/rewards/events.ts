import type { DomainEvent } from '../shared/events.js';
import type { RewardType } from './constants.js';

/**
 * Points earned. `key` names what was rewarded ('signup', 'login:2026-05-01', 'click:<template>')
 * so the same thing is never rewarded twice; `sourceEventId` is the event that earned it.
 */
export type RewardEarned = DomainEvent<
  'RewardEarned',
  { userId: string; rewardType: RewardType; key: string; points: number; description: string; sourceEventId: string }
>;

/**
 * Points taken back: what earned them was undone (a refunded purchase). `key` is the reward's, which
 * may then be earned again (a later purchase of the same template); `points` is what is taken back
 * (positive), `sourceEventId` the event that undid it. Milestone bonuses already earned stay.
 */
export type RewardRevoked = DomainEvent<
  'RewardRevoked',
  { userId: string; rewardType: RewardType; key: string; points: number; description: string; sourceEventId: string }
>;

export type RewardEvent = RewardEarned | RewardRevoked;

export const rewardsStream = (userId: string) => `rewards-${userId}`;
