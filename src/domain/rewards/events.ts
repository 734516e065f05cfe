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

export type RewardEvent = RewardEarned;

export const rewardsStream = (userId: string) => `rewards-${userId}`;
