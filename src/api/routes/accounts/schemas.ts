import type { CurrentUser, PublicProfile } from '../../../domain/accounts/current-user.js';
import { NOTIFICATION_SETTINGS, type NotificationSetting } from '../../../domain/accounts/rules.js';
import { z } from '../../../domain/shared/zod.js';

/*
 * The accounts' answers as the web app reads them. The serializer keeps only the keys listed here,
 * so each schema follows what its handler returns (`satisfies` checks them against the view types).
 */

const profileInfo = {
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  companyName: z.string(),
  location: z.string(),
  bio: z.string(),
};
const socialLinks = z.object({
  facebook: z.string(),
  instagram: z.string(),
  linkedIn: z.string(),
  website: z.string(),
  twitter: z.string(),
});
const notificationSettings = Object.fromEntries(NOTIFICATION_SETTINGS.map((setting) => [setting, z.boolean()])) as Record<
  NotificationSetting,
  z.ZodBoolean
>;

export const currentUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  hasGoogle: z.boolean(),
  hasPassword: z.boolean(),
  lvl: z.enum(['base', 'admin', 'owner']),
  verification: z.object({ status: z.enum(['pending', 'verified', 'blocked']) }),
  isTestUser: z.boolean(),
  _dateCreated: z.string(),
  info: z.object({ ...profileInfo, initials: z.string(), displayName: z.string(), thumbnail: z.string().nullable() }),
  social: socialLinks,
  privacy: z.object({ ...notificationSettings, isCreator: z.boolean() }),
  activity: z.object({ viewedAccountSetupPage: z.boolean() }),
  favoriteApps: z.array(z.string()),
  isCreator: z.boolean().nullable(),
  reward: z.object({
    total: z.number(),
    history: z.array(z.object({ _id: z.string(), timestamp: z.string(), value: z.number(), description: z.string() })),
  }),
  actions: z.object({ likes: z.array(z.string()), saves: z.array(z.string()), posts: z.array(z.string()) }),
  paid: z.array(z.object({ resourceId: z.string(), price: z.number().optional(), sessionId: z.string().optional() })),
  seller: z.object({ hasPayoutAccount: z.boolean(), hasSales: z.boolean() }),
}) satisfies z.ZodType<CurrentUser>;

export const publicProfileSchema = z.object({
  _id: z.string(),
  username: z.string(),
  erased: z.boolean(),
  info: z.object({ ...profileInfo, displayName: z.string(), initials: z.string(), thumbnail: z.string().nullable() }),
  social: socialLinks,
  _dateCreated: z.string(),
  livePostsCount: z.number(),
  totalKudos: z.number(),
  acceptsMessages: z.boolean(),
}) satisfies z.ZodType<PublicProfile>;

/** A new session's answer: the user, and the token too for clients that ask for it (X-Session-Token: answer). */
export const sessionFields = { token: z.string().optional(), user: currentUserSchema.nullable() };

export const messageAnswer = z.object({ message: z.string() });
export const successAnswer = z.object({ success: z.boolean() });
/** The spec's answers that say only that nothing went wrong, and how. */
export const noErrorAnswer = z.object({ error: z.literal(false), message: z.string() });
export const availabilityAnswer = z.object({
  available: z.boolean(),
  message: z.string(),
  reserved: z.object({ name: z.string(), label: z.string() }).optional(),
});
