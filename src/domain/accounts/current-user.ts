import type { UserLevel, VerificationStatus } from './events.js';
import type { NotificationSetting } from './rules.js';
import type { ProfileInfo, SocialLinks } from './schemas.js';

/** GET /users/private/me: the signed-in user as the web app reads it (spec section 3, User). */
export interface CurrentUser {
  _id: string;
  username: string;
  /** null once the account is erased. */
  email: string | null;
  /** The user signed in with Google at least once. */
  hasGoogle: boolean;
  /** False for Google-only accounts: they do not see the change-password option. */
  hasPassword: boolean;
  lvl: UserLevel;
  verification: { status: VerificationStatus };
  isTestUser: boolean;
  _dateCreated: string;
  info: ProfileInfo & { initials: string; displayName: string; thumbnail: string | null };
  social: SocialLinks;
  privacy: Record<NotificationSetting, boolean> & { isCreator: boolean };
  activity: { viewedAccountSetupPage: boolean };
  favoriteApps: string[];
  isCreator: boolean | null;
  reward: { total: number; history: RewardEntry[] };
  actions: { likes: string[]; saves: string[]; posts: string[] };
  /** Standing purchases: the post, the price paid and the purchase id (spec: paid resourceId, price, sessionId). */
  paid: { resourceId: string; price?: number; sessionId?: string }[];
  /** Whether the user sells: a connected payout account, or sales made (refunded ones too). */
  seller: { hasPayoutAccount: boolean; hasSales: boolean };
}

export interface RewardEntry {
  _id: string;
  timestamp: string;
  value: number;
  description: string;
}

/** GET /users/public/{username}. */
export interface PublicProfile {
  _id: string;
  username: string;
  erased: boolean;
  info: Pick<
    CurrentUser['info'],
    'firstName' | 'lastName' | 'displayName' | 'initials' | 'jobTitle' | 'companyName' | 'location' | 'bio' | 'thumbnail'
  >;
  social: SocialLinks;
  _dateCreated: string;
  livePostsCount: number;
  totalKudos: number;
  /** Whether members can send them a message ("Messages from other members" on, the account there and not blocked). */
  acceptsMessages: boolean;
}
