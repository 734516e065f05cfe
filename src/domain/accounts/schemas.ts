import { z } from '../shared/zod.js';

import { APPS } from '../catalogue/taxonomy.js';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, emailProblem, passwordProblem, usernameProblem } from './rules.js';
import { hasSingleLineControls } from '../shared/text.js';
import { websiteUrl } from './website.js';

/*
 * The accounts' zod schemas, apart from the rules' texts and limits: pages that show only those
 * (the shell, the home page) then load no zod at all.
 */

const password = z.string().superRefine((value, context) => {
  const problem = passwordProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
const username = z.string().superRefine((value, context) => {
  const problem = usernameProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
const email = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = emailProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const signupSchema = z.object({
  username,
  email,
  password,
  agreeToTermsAndConditions: z.literal(true, ACCOUNT_MESSAGES.termsRequired),
});
export type SignupForm = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  /** Username or e-mail. */
  login: z.string().trim().min(1, 'Please enter your username or email').max(ACCOUNT_LIMITS.emailMax),
  password: z
    .string()
    .min(1, 'Please enter your password')
    .max(ACCOUNT_LIMITS.passwordMax * 8),
});

export const changePasswordSchema = z
  .object({
    cp: z
      .string()
      .min(1)
      .max(ACCOUNT_LIMITS.passwordMax * 8),
    np: password,
    npv: z.string(),
  })
  .refine((value) => value.np === value.npv, { message: ACCOUNT_MESSAGES.passwordsDoNotMatch, path: ['npv'] })
  .refine((value) => value.np !== value.cp, { message: ACCOUNT_MESSAGES.passwordMustDiffer, path: ['np'] });

const appNames = APPS.map((app) => app.name) as [string, ...string[]];
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
/** A name is one line of visible text: bidi marks would make it read as another (U+202E turns 'evil' into 'live'). */
const withoutControls = (value: string) => !hasSingleLineControls(value);
const name = text(ACCOUNT_LIMITS.nameMax).refine(withoutControls, ACCOUNT_MESSAGES.nameControlCharacters);

export const profileInfoSchema = z.object({
  firstName: name,
  lastName: name,
  jobTitle: text(ACCOUNT_LIMITS.shortTextMax),
  companyName: text(ACCOUNT_LIMITS.shortTextMax),
  location: text(ACCOUNT_LIMITS.shortTextMax),
  bio: text(ACCOUNT_LIMITS.bioMax),
});
export type ProfileInfo = z.infer<typeof profileInfoSchema>;

export const socialLinksSchema = z.object({
  facebook: text(ACCOUNT_LIMITS.socialMax),
  instagram: text(ACCOUNT_LIMITS.socialMax),
  linkedIn: text(ACCOUNT_LIMITS.socialMax),
  website: text(ACCOUNT_LIMITS.socialMax).refine(
    (value) => value === '' || websiteUrl(value) !== null,
    ACCOUNT_MESSAGES.websiteNotAnAddress,
  ),
  twitter: text(ACCOUNT_LIMITS.socialMax),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

// Five different apps: the picker cannot repeat one, and neither may a request.
export const favouriteAppsSchema = z
  .array(z.enum(appNames))
  .length(ACCOUNT_LIMITS.favouriteApps, ACCOUNT_MESSAGES.favouriteAppsExactly)
  .refine((apps) => new Set(apps).size === apps.length, ACCOUNT_MESSAGES.favouriteAppsExactly);

/** First and last name, once given, are never blank (onboarding requires them). */
const requiredNames = {
  firstName: name.min(1, ACCOUNT_MESSAGES.firstNameRequired),
  lastName: name.min(1, ACCOUNT_MESSAGES.lastNameRequired),
};

/** POST /users/me/update: any subset of the profile; onboarding sends names, the welcome modal apps and the creator choice. */
export const profileUpdateSchema = z.object({
  info: profileInfoSchema.extend(requiredNames).partial().optional(),
  social: socialLinksSchema.partial().optional(),
  privacy: z
    .object({
      allowEmailsFromPosts: z.boolean(),
      allowUpdateEmails: z.boolean(),
      allowEmailsFromUsers: z.boolean(),
      allowPostUpdateEmails: z.boolean(),
    })
    .partial()
    .optional(),
  username: username.optional(),
  favoriteApps: favouriteAppsSchema.optional(),
  isCreator: z.boolean().optional(),
  activity: z.object({ viewedAccountSetupPage: z.boolean() }).partial().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Onboarding requires both names (the other fields stay optional). */
export const onboardingSchema = z.object(requiredNames);
