import type { Reward, RewardsAnswer } from './api.js';

function isReward(value: unknown): value is Reward {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate._id === 'string' &&
    typeof candidate.description === 'string' &&
    typeof candidate.value === 'number' &&
    typeof candidate.timestamp === 'string'
  );
}

/** The rewards answer when it has the promised shape, else null (the tab then says 'Invalid data received'). */
export function parseRewardsAnswer(answer: unknown): RewardsAnswer | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { rewards, total } = answer as Record<string, unknown>;
  if (!Array.isArray(rewards) || typeof total !== 'number' || !rewards.every(isReward)) return null;
  const newestFirst = [...rewards].sort((left, right) => right.timestamp.localeCompare(left.timestamp));
  return { rewards: newestFirst, total };
}
