import type { Selectable } from 'kysely';
import type { UsersView } from '../../../projections/read-models/users/tables.js';
import type { AccountService } from '../../../commands/accounts/account-service.js';
import type { CurrentUser, PublicProfile } from '../../../domain/accounts/current-user.js';
import type { UserLevel, VerificationStatus } from '../../../domain/accounts/events.js';
import { ERASED_USER_NAME, NOTIFICATION_SETTINGS, type NotificationSetting } from '../../../domain/accounts/rules.js';
import { initialsOf, MISSING_NAME_INITIALS } from '../../../domain/catalogue/presentation.js';
import type { Viewer } from '../../access.js';
import { savedTemplateIds } from '../../../projections/read-models/engagement/queries.js';
import { rewardsOf } from '../../../projections/read-models/rewards/queries.js';
import { hasSales, payoutAccountOf, purchasesOfBuyer } from '../../../projections/read-models/commerce/queries.js';
import { toMajorUnits } from '../../../domain/commerce/money.js';
import { authorPublicTotals, authoredTemplateIds, likedTemplateIds } from '../../../projections/read-models/templates/queries.js';
import { userById } from '../../../projections/read-models/users/queries.js';
import { acceptsMemberMessages } from '../../../domain/outreach/rules.js';
import type { ReadModelDb, Vault } from '../route-deps.js';

/** GET /users/private/me: the account, its profile from the vault, and what the user did. */
/** The rewards of a member who just joined, as test-user mode shows them. */
const NEW_MEMBER_REWARDS = { total: 0, history: [] };

export async function currentUserOf(db: ReadModelDb, accounts: AccountService, vault: Vault, viewer: Viewer): Promise<CurrentUser | null> {
  const row = await userById(db, viewer.userId);
  if (!row || row.erased) return null;
  const [profile, email, likes, posts, saves, rewards, purchases, payoutAccount, sold] = await Promise.all([
    accounts.readProfile(row.id, row.profile_enc),
    row.email_enc ? vault.decrypt(row.id, row.email_enc) : Promise.resolve(null),
    likedTemplateIds(db, row.id),
    // Counted as /shared-posts lists them (every status but deleted), so the side menu's count matches the page.
    authoredTemplateIds(db, row.id),
    savedTemplateIds(db, row.id),
    rewardsOf(db, row.id),
    purchasesOfBuyer(db, row.id),
    payoutAccountOf(db, row.id),
    hasSales(db, row.id),
  ]);
  const notifications = Object.fromEntries(NOTIFICATION_SETTINGS.map((setting) => [setting, row.notifications[setting] ?? true])) as Record<
    NotificationSetting,
    boolean
  >;
  const displayName = `${profile.info.firstName} ${profile.info.lastName}`.trim() || row.username;
  // Test-user mode shows the site as a new member sees it: no points and no picture of the admin's own.
  const simulated = viewer.impersonatedBy !== null;
  return {
    _id: row.id,
    username: row.username,
    email,
    hasGoogle: row.google_key !== null,
    hasPassword: row.password_hash !== null,
    lvl: simulated ? 'base' : (row.lvl as UserLevel),
    verification: { status: row.verification as VerificationStatus },
    isTestUser: simulated,
    _dateCreated: row.created_at.toISOString(),
    info: { ...profile.info, initials: initialsOf(displayName), displayName, thumbnail: simulated ? null : row.picture_url },
    social: profile.social,
    privacy: { ...notifications, isCreator: row.is_creator ?? false },
    activity: { viewedAccountSetupPage: row.viewed_setup },
    favoriteApps: row.favorite_apps,
    isCreator: row.is_creator,
    reward: simulated
      ? NEW_MEMBER_REWARDS
      : {
          total: rewards.total,
          history: rewards.rewards.map(({ _id, timestamp, value, description }) => ({ _id, timestamp, value, description })),
        },
    actions: { likes, saves, posts },
    paid: purchases.map((purchase) => ({
      resourceId: purchase.template_id,
      price: toMajorUnits(purchase),
      sessionId: purchase.purchase_id,
    })),
    seller: { hasPayoutAccount: payoutAccount !== null, hasSales: sold },
  };
}

/** GET /users/public/{username}: what anyone may see of an account; an erased one shows as erased. */
export async function publicProfileOf(db: ReadModelDb, accounts: AccountService, row: Selectable<UsersView>): Promise<PublicProfile> {
  const totals = await authorPublicTotals(db, row.id);
  const profile = await accounts.readProfile(row.id, row.erased ? null : row.profile_enc);
  const displayName = row.erased ? ERASED_USER_NAME : `${profile.info.firstName} ${profile.info.lastName}`.trim() || row.username;
  return {
    _id: row.id,
    username: row.username,
    erased: row.erased,
    info: {
      firstName: profile.info.firstName,
      lastName: profile.info.lastName,
      displayName,
      initials: row.erased ? MISSING_NAME_INITIALS : initialsOf(displayName),
      jobTitle: profile.info.jobTitle,
      companyName: profile.info.companyName,
      location: profile.info.location,
      bio: profile.info.bio,
      thumbnail: row.picture_url,
    },
    social: profile.social,
    _dateCreated: row.created_at.toISOString(),
    livePostsCount: totals.live_posts,
    totalKudos: totals.kudos,
    acceptsMessages: acceptsMemberMessages(row),
  };
}
