/** The account profile form as data: what it starts from and what a save sends (only what changed). */

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { SOCIAL_NETWORKS, socialHandle, type SocialNetwork } from '@domain/accounts/rules.js';
import { type ProfileInfo, type ProfileUpdate, type SocialLinks } from '@domain/accounts/schemas.js';

export interface ProfileDraft {
  info: ProfileInfo;
  username: string;
  social: SocialLinks;
  favoriteApps: string[];
}

export const PROFILE_INFO_FIELDS = [
  'firstName',
  'lastName',
  'jobTitle',
  'companyName',
  'location',
  'bio',
] as const satisfies readonly (keyof ProfileInfo)[];

export function draftFromUser(user: CurrentUser): ProfileDraft {
  const info = Object.fromEntries(PROFILE_INFO_FIELDS.map((field) => [field, user.info[field] ?? ''])) as ProfileInfo;
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, user.social[network] ?? ''])) as SocialLinks;
  return { info, username: user.username, social, favoriteApps: [...user.favoriteApps] };
}

/** A social field as typed: a pasted network address becomes its last path segment (spec section 5), a plain handle and the website stay. */
export function socialFieldValue(network: SocialNetwork, typed: string): string {
  return network !== 'website' && /[/?#]/u.test(typed) ? socialHandle(typed) : typed;
}

function sameApps(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && [...left].sort().join('\n') === [...right].sort().join('\n');
}

/** The POST /users/me/update body for what differs between the saved profile and the draft. */
export function profileChanges(saved: ProfileDraft, draft: ProfileDraft): ProfileUpdate {
  const update: ProfileUpdate = {};
  const info = Object.fromEntries(
    PROFILE_INFO_FIELDS.filter((field) => draft.info[field].trim() !== saved.info[field]).map((field) => [field, draft.info[field].trim()]),
  );
  if (Object.keys(info).length > 0) update.info = info;
  const social = Object.fromEntries(
    SOCIAL_NETWORKS.filter((network) => draft.social[network].trim() !== saved.social[network]).map((network) => [
      network,
      draft.social[network].trim(),
    ]),
  );
  if (Object.keys(social).length > 0) update.social = social;
  if (draft.username !== saved.username) update.username = draft.username;
  if (!sameApps(saved.favoriteApps, draft.favoriteApps)) update.favoriteApps = draft.favoriteApps;
  return update;
}

export function hasChanges(update: ProfileUpdate): boolean {
  return Object.keys(update).length > 0;
}
