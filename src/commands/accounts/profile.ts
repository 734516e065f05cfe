import type { ProfileInfo, SocialLinks } from '../../domain/accounts/schemas.js';
import { ACCOUNT_MESSAGES } from '../../domain/accounts/rules.js';
import type { Actor } from '../../domain/shared/events.js';
import { existingUserById } from '../../projections/read-models/users/queries.js';
import { latest, onAccount, sealUsername, type AccountServiceDeps } from './deps.js';
import { claimUsername, releaseValue } from './claims.js';
import { accountDeciderFor } from '../../domain/accounts/decider.js';
import { sameStoredUsername, userStream } from '../../domain/accounts/events.js';

/** The profile document kept encrypted in ProfileUpdated events. */
export interface ProfileDocument {
  info: ProfileInfo;
  social: SocialLinks;
}

export const EMPTY_PROFILE: ProfileDocument = {
  info: { firstName: '', lastName: '', jobTitle: '', companyName: '', location: '', bio: '' },
  social: { facebook: '', instagram: '', linkedIn: '', website: '', twitter: '' },
};

export interface ProfileUpdate {
  info?: Partial<ProfileInfo>;
  social?: Partial<SocialLinks>;
  privacy?: Record<string, boolean | undefined>;
  username?: string;
  favoriteApps?: string[];
  isCreator?: boolean;
  activity?: { viewedAccountSetupPage?: boolean };
}

export async function readProfile(
  deps: Pick<AccountServiceDeps, 'vault'>,
  userId: string,
  profileEnc: string | null,
): Promise<ProfileDocument> {
  if (profileEnc === null) return EMPTY_PROFILE;
  const plaintext = await deps.vault.decrypt(userId, profileEnc);
  if (plaintext === null) return EMPTY_PROFILE;
  const stored = JSON.parse(plaintext) as Partial<ProfileDocument>;
  return { info: { ...EMPTY_PROFILE.info, ...stored.info }, social: { ...EMPTY_PROFILE.social, ...stored.social } };
}

/** Applies a profile change as events: one per kind of change, each only when something changed. */
export async function updateProfile(deps: AccountServiceDeps, userId: string, update: ProfileUpdate, actor: Actor): Promise<bigint | null> {
  const row = await existingUserById(deps.db, userId);
  const positions: (bigint | null)[] = [];
  const onThisAccount = async (command: Parameters<typeof onAccount>[2]) =>
    positions.push((await onAccount(deps, userId, command, { actor })).position);
  if (update.username !== undefined && update.username !== row.username)
    positions.push(await changeUsername(deps, userId, update.username, actor));
  if (update.info || update.social) {
    const current = await readProfile(deps, userId, row.profile_enc);
    const next: ProfileDocument = { info: { ...current.info, ...update.info }, social: { ...current.social, ...update.social } };
    const displayName = `${next.info.firstName} ${next.info.lastName}`.trim();
    await onThisAccount({
      type: 'UpdateProfile',
      data: {
        profileEnc: await deps.vault.encrypt(userId, JSON.stringify(next)),
        displayNameEnc: displayName ? await deps.vault.encrypt(userId, displayName) : row.display_name_enc,
      },
    });
  }
  const settings = Object.fromEntries(
    Object.entries(update.privacy ?? {}).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
  );
  if (Object.keys(settings).length > 0) await onThisAccount({ type: 'ChangeNotificationSettings', data: { settings } });
  if (update.favoriteApps) await onThisAccount({ type: 'ChooseFavouriteApps', data: { apps: update.favoriteApps } });
  if (update.isCreator !== undefined) await onThisAccount({ type: 'MakeCreatorChoice', data: { isCreator: update.isCreator } });
  if (update.activity?.viewedAccountSetupPage && !row.viewed_setup) await onThisAccount({ type: 'MarkAccountSetupPageViewed' });
  return latest(...positions);
}

/**
 * Claims the new name first (by its blind index), then renames, then frees the old name. A name
 * given before usernames were sealed was claimed in clear: that claim lapses once the account goes
 * by another name (clearClaimHolder in claims.ts), so nothing is written under it.
 */
export async function changeUsername(deps: AccountServiceDeps, userId: string, to: string, actor: Actor): Promise<bigint | null> {
  const { username: from } = await deps.commands.stateOf(accountDeciderFor(userId), userStream(userId));
  const sealed = await sealUsername(deps.vault, userId, to);
  if (sameStoredUsername(from, sealed)) return null;
  await claimUsername(deps.commands, to, sealed.lookup, userId, ACCOUNT_MESSAGES.profileUsernameTaken, actor);
  try {
    const renamed = await onAccount(deps, userId, { type: 'ChangeUsername', data: { to: sealed } }, { actor });
    const released = from !== null && 'lookup' in from ? await releaseValue(deps.commands, 'username', from.lookup, userId, actor) : null;
    return latest(renamed.position, released?.position ?? null);
  } catch (error) {
    await releaseValue(deps.commands, 'username', sealed.lookup, userId, actor);
    throw error;
  }
}
