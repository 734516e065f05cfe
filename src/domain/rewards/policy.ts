import type { SessionStarted, UserRegistered, EmailVerified } from '../accounts/events.js';
import type { TemplatePurchased, TemplatePurchaseRefunded } from '../templates/events.js';
import type { TemplateClicked } from '../engagement/events.js';
import { REWARDED_LOGIN_METHODS } from './constants.js';
import type { AwardRewardsCommand, RevokeRewardsCommand } from './decider.js';

/** Event types the rewards reactor listens to. */
export const REWARD_SOURCE_EVENT_TYPES = [
  'UserRegistered',
  'SessionStarted',
  'EmailVerified',
  'TemplateApproved',
  'TemplateClicked',
  'TemplatePurchased',
  'TemplatePurchaseRefunded',
] as const;

/**
 * A source event as the policy needs it; an approval carries the post's author and whether an
 * admin imported it, a click the post's author (all from the submission, looked up by the reactor).
 */
export type RewardSource = (
  | UserRegistered
  | SessionStarted
  | EmailVerified
  | TemplatePurchased
  | TemplatePurchaseRefunded
  | { type: 'TemplateApproved'; data: { templateId: string; authorId: string; imported: boolean } }
  | { type: 'TemplateClicked'; data: TemplateClicked['data'] & { authorId: string } }
) & {
  id: string;
  occurredAt: string;
};

/** Which rewards an event earns, and for whom; null when it earns none. */
export function awardsFor(source: RewardSource): AwardRewardsCommand | null {
  const command = (userId: string, awards: AwardRewardsCommand['data']['awards']): AwardRewardsCommand | null =>
    awards.length === 0 ? null : { type: 'AwardRewards', data: { userId, sourceEventId: source.id, awards } };
  switch (source.type) {
    case 'UserRegistered':
      // Accounts created already verified (Google, the demo catalogue) never send EmailVerified.
      return command(source.data.userId, [
        { rewardType: 'signup', key: 'signup' },
        ...(source.data.verification === 'verified' ? [{ rewardType: 'verification' as const, key: 'verification' }] : []),
      ]);
    case 'EmailVerified':
      return command(source.data.userId, [{ rewardType: 'verification', key: 'verification' }]);
    case 'SessionStarted':
      if (source.data.isTestUser || !REWARDED_LOGIN_METHODS.includes(source.data.method)) return null;
      return command(source.data.userId, [{ rewardType: 'login', key: `login:${source.occurredAt.slice(0, 10)}` }]);
    case 'TemplateApproved':
      // 'create' points recognise a member's own posting: a post an admin imported from a CSV file earns none.
      if (source.data.imported) return null;
      return command(source.data.authorId, [{ rewardType: 'create', key: `create:${source.data.templateId}` }]);
    case 'TemplateClicked':
      // Opening one's own post is no discovery: otherwise every post would pay its author twice.
      if (source.data.userId === source.data.authorId) return null;
      return command(source.data.userId, [{ rewardType: 'click', key: `click:${source.data.templateId}` }]);
    case 'TemplatePurchased':
      return command(source.data.buyerId, [{ rewardType: 'purchase', key: purchaseRewardKey(source.data.templateId) }]);
    case 'TemplatePurchaseRefunded':
      return null;
  }
}

const purchaseRewardKey = (templateId: string) => `purchase:${templateId}`;

/** Which rewards an event takes back, and from whom: a refund takes back its purchase's points. Null when it takes none. */
export function revocationsFor(source: RewardSource): RevokeRewardsCommand | null {
  if (source.type !== 'TemplatePurchaseRefunded') return null;
  return {
    type: 'RevokeRewards',
    data: {
      userId: source.data.buyerId,
      sourceEventId: source.id,
      revocations: [{ rewardType: 'purchase', key: purchaseRewardKey(source.data.templateId) }],
    },
  };
}
