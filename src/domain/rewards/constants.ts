/**
 * Points per rewarded action (the spec names the types, not the amounts: ours to choose).
 *
 * | type         | points | when                                                            | at most            |
 * |--------------|--------|-----------------------------------------------------------------|--------------------|
 * | signup       | 10     | an account is registered                                        | once per user      |
 * | verification | 20     | the e-mail address is verified (or the account starts verified) | once per user      |
 * | login        | 2      | a password or Google sign-in                                    | once per UTC day   |
 * | create       | 25     | a post of the user's is approved (goes live)                    | once per post      |
 * | click        | 1      | the user opens a template's link                                | once per template  |
 * | purchase     | 15     | the user buys a template                                        | once per template  |
 * | points_100   | 10     | the total reaches 100 points                                    | once per user      |
 * | points_500   | 50     | the total reaches 500 points                                    | once per user      |
 *
 * Creation pays on approval, not on submission, so that submitting junk earns nothing; logins
 * and clicks are capped so that points cannot be farmed by repeating them.
 */
export const REWARD_POINTS = {
  signup: 10,
  verification: 20,
  login: 2,
  create: 25,
  click: 1,
  purchase: 15,
  points_100: 10,
  points_500: 50,
} as const;

export type RewardType = keyof typeof REWARD_POINTS;
export type ActionRewardType = Exclude<RewardType, MilestoneRewardType>;
export type MilestoneRewardType = 'points_100' | 'points_500';

/** Milestones in ascending order: reaching the threshold (bonuses included) earns the milestone. */
export const REWARD_MILESTONES: readonly { type: MilestoneRewardType; threshold: number }[] = [
  { type: 'points_100', threshold: 100 },
  { type: 'points_500', threshold: 500 },
];

/** What the rewards history says for each type. */
export const REWARD_DESCRIPTIONS: Record<RewardType, string> = {
  signup: 'Joined the community',
  verification: 'Verified your e-mail address',
  login: 'Daily sign-in',
  create: 'Your post went live',
  click: 'Opened a template',
  purchase: 'Bought a template',
  points_100: 'Reached 100 points',
  points_500: 'Reached 500 points',
};

/** What the rewards history says for points taken back, per reward type that can be undone. */
export const REWARD_REVOKED_DESCRIPTIONS = {
  purchase: 'Purchase refunded: points taken back',
} as const satisfies Partial<Record<ActionRewardType, string>>;
export type RevocableRewardType = keyof typeof REWARD_REVOKED_DESCRIPTIONS;

/** How the rewards tab names each action that earns points (a new action type must be named here). */
export const REWARD_ACTION_NAMES: Record<ActionRewardType, string> = {
  signup: 'joining',
  verification: 'verifying your email address',
  login: 'signing in each day',
  click: 'opening templates',
  purchase: 'buying templates',
  create: 'having your posts go live',
};
const actionNames = Object.values(REWARD_ACTION_NAMES);
export const REWARDS_EMPTY_TEXT = `No rewards yet. You earn points for ${actionNames.slice(0, -1).join(', ')} and ${actionNames.at(-1)}.`;

/** Sign-in methods that earn the daily login reward (sign-up, resets and test-user sessions do not). */
export const REWARDED_LOGIN_METHODS: readonly string[] = ['password', 'google'];

/** 'point' for 1, otherwise 'points' (posts-payments-rewards.md section 2.10). */
export function pointsLabel(points: number): string {
  return `${points} ${points === 1 ? 'point' : 'points'}`;
}

/** A history entry's points with their sign: '+15 points' earned, '−15 points' taken back. */
export function signedPointsLabel(points: number): string {
  return `${points < 0 ? '−' : '+'}${pointsLabel(Math.abs(points))}`;
}
