import { describe, expect, it } from 'vitest';

import { REWARD_ACTION_NAMES, REWARDS_EMPTY_TEXT } from '@domain/rewards/constants.js';
import { parseRewardsAnswer } from './rewards.js';

const reward = (id: string, timestamp: string) => ({ _id: id, type: 'signup', description: 'Joined', value: 10, earned: true, timestamp });

describe('parseRewardsAnswer', () => {
  it('keeps a well-formed answer, newest first', () => {
    const parsed = parseRewardsAnswer({ total: 20, rewards: [reward('a', '2026-01-01T00:00:00Z'), reward('b', '2026-02-01T00:00:00Z')] });
    expect(parsed?.total).toBe(20);
    expect(parsed?.rewards.map((entry) => entry._id)).toEqual(['b', 'a']);
  });

  it('accepts an empty history', () => {
    expect(parseRewardsAnswer({ total: 0, rewards: [] })).toEqual({ total: 0, rewards: [] });
  });

  it.each([null, 'x', { rewards: [] }, { total: 1, rewards: [{ _id: 1 }] }, { total: '3', rewards: [] }])('refuses %j', (answer) => {
    expect(parseRewardsAnswer(answer)).toBeNull();
  });
});

describe('the empty rewards history', () => {
  it('names every action that earns points, and no other (selling earns none: the buyer earns the purchase points)', () => {
    for (const name of Object.values(REWARD_ACTION_NAMES)) expect(REWARDS_EMPTY_TEXT).toContain(name);
    expect(REWARDS_EMPTY_TEXT).not.toMatch(/sell/iu);
  });
});
