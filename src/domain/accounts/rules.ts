import type { Role } from '../shared/events.js';
import type { UserLevel } from './events.js';
import { ACCOUNT_LIMITS } from './limits.js';
import { ACCOUNT_SHELL_MESSAGES } from './shell-messages.js';

// Kept in modules of their own, for the pages' shell to use without this one (the initial bundle).
export { ACCOUNT_LIMITS } from './limits.js';
export { emailProblem } from './email-address.js';

/** Texts of the account screens (browse-search-accounts.md sections 5 and 8), word for word. */
export const ACCOUNT_MESSAGES = {
  ...ACCOUNT_SHELL_MESSAGES,
  passwordEmptyOrSpaces: 'Password cannot be empty or contain spaces',
  passwordTooShort: 'Password must be 8 characters long',
  passwordNeedsNumberAndSpecial: 'Password should contain a number and a special character',
  passwordOnlyAllowedCharacters: 'Password may contain only letters, digits and ! @ # $ % ^ & * . , ; :',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordsDoNotMatch: 'Passwords Do Not Match',
  passwordMustDiffer: 'New password must be different from the current password.',
  usernameHint: 'Must be 3+ characters with no spaces and all lowercase.',
  usernameTooShort: 'Username must be at least 3 characters long.',
  usernameTooLong: 'Username must be at most 30 characters long.',
  usernameCharacters: 'Username may contain only lowercase letters, digits, dots, hyphens and underscores.',
  usernameAvailable: (username: string) => `${username} is available!`,
  usernameNotAvailable: (username: string) => `${username} is not available!`,
  usernameReserved: (label: string) => `${label} is reserved, please contact us to collect it.`,
  profileUsernameAvailable: 'Username is available!',
  profileUsernameTaken: 'Username is already taken.',
  profileUsernameCheckFailed: 'Failed to validate username. Please try again.',
  profileUsernameMustBeUnique: 'Please choose a unique username before saving.',
  emailTaken: 'This email is already in use',
  signupFormNotFilled: 'Signup Error: Form not filled correctly',
  termsRequired: 'Please agree to the terms of service to join.',
  loginFailed: 'Invalid email/password combination.',
  loginRateLimited: 'Too many login attempts. Please try again later.',
  /** Ours: the account's budget of password checks from browsers it never signed in from is spent (many addresses guessing). */
  loginNewDevicesRateLimited:
    'Too many sign-in attempts on this account from new devices. Please try again later, sign in from a device you have used before, or reset your password by e-mail.',
  accountBlocked: 'This account has been blocked. Please contact us.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  favouriteAppsExactly: 'Please pick exactly 5 favourite apps.',
  creatorChoiceRequired: 'Please tell us whether you create templates.',
  profileSaved: 'Changes have been saved.',
  nameControlCharacters: 'Names cannot contain line breaks, tabs or invisible control characters.',
  websiteNotAnAddress: 'Enter a web address, such as example.com or https://example.com/me.',
  otpIncorrect: (attemptsRemaining: number) => `Incorrect OTP. Attempts remaining: ${attemptsRemaining}`,
  otpTryAgain: 'Please Try Again',
  otpExpired: 'This code has expired. Please request a new one.',
  otpSent: 'A verification code has been sent to your email.',
  alreadyVerified: 'Your account is already verified.',
  verificationLinkInvalid: 'Invalid Token: Token is expired.',
  resetRequested: 'If an account exists for that username or email, we have sent a link to reset its password.',
  resetTokenInvalid: 'Invalid Token: Token is expired.',
  /** Ours (the spec has no text for it): a reset link opened without its token or username, often cut short when copied. */
  resetLinkIncomplete: 'This password reset link is incomplete: part of it is missing. Please request a new one.',
  /** Heads the modal the home page opens for ?invalid-token. */
  invalidTokenTitle: 'Invalid Token',
  passwordChanged: 'Your password has been changed. Please log in again.',
  currentPasswordWrong: 'Your current password is not correct.',
  deleteNeedsPassword: 'Please enter your current password to delete your account.',
  googleFailed: 'Failed to authenticate with Google.',
  googleNoCredential: 'No credential received from Google.',
  unexpected: 'An unexpected error occurred. Please try again.',
  statusChangeNeedsOwner: 'Only an owner can block or unblock an admin or an owner.',
  signInRequired: 'Please log in to continue.',
  userDoesNotExist: 'This user does not exist',
  testUserRefused: 'Test-user sessions cannot use admin routes. Switch back to admin first.',
  // Screens of the web app (spec sections 2 and 8).
  loginErrorTitle: 'Login Error',
  rateLimitTitle: 'Rate Limit Exceeded',
  emailLoginFailed: 'Invalid email or password.',
  loginFailedInModal: (message: string) => `Login failed: ${message}`,
  resendVerification: 'Resend the verification email',
  googleErrorTitle: 'Google Login Error',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  signupErrorTitle: 'Signup Error',
  signupError: (error: string) => `Signup Error: ${error}`,
  signupTryAgain: 'Signup Error: Try Again',
  signupNoToken: 'No token received from the server.',
  signupUnknownError: 'Unknown server error during signup.',
  loginFailedAfterReset: 'Login failed after password reset.',
  /** The words of the reserved-name message that link to the contact page. */
  reservedHelpLink: 'contact us',
  unsavedChangesTitle: 'Unsaved Changes',
  unsavedChanges: 'You have unsaved changes. Do you want to leave this page?',
  passwordResetTitle: 'Password Reset',
  emailVerifiedTitle: 'Your account is verified',
  emailVerified: 'Thank you, your email address is verified. You can now log in.',
  emailVerifiedSignedIn: 'Thank you, your email address is verified. You can now create and sell templates.',
  onboardingTitle: 'Complete your Profile',
  onboardingSubmit: 'Save & Start Exploring',
  previewProfile: 'Preview my Profile',
  welcomeAppsTitle: 'Pick your 5 favourite apps',
  welcomeCreatorTitle: 'Do you create templates?',
  imageTooLarge: 'This image could not be made smaller than 1 MB. Please choose a smaller one.',
  rewardsLoadFailed: 'Failed to load rewards',
  rewardsInvalidData: 'Invalid data received',
  verifyAccountPrompt: 'Your email address is not verified yet. Verify it to create and sell templates.',
  deleteAccountTitle: 'Delete your account',
  deleteAccountWarning: 'This erases your profile and personal data. Your templates stay listed without your name. This cannot be undone.',
  accountDeletedTitle: 'Your account has been deleted',
  accountDeleted:
    'Your profile and personal data are erased, and you are signed out everywhere. Your templates stay listed without your name.',
  ownerNoPosts: "You haven't uploaded any templates yet.",
  visitorNoPosts: "This user hasn't created anything yet.",
  erasedProfile: 'This account has been deleted.',
  memberSince: (date: string) => `Member since ${date}`,
  switchingBackToAdmin: 'Switching back to your admin account…',
  switchBackFailed: 'Could not switch back to the admin account. Please log in.',
} as const;

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*.,;:';
const PASSWORD_ALLOWED = /^[A-Za-z0-9!@#$%^&*.,;:]+$/u;

/** The first rule a password breaks, as the spec words it, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0 || /\s/u.test(password)) return ACCOUNT_MESSAGES.passwordEmptyOrSpaces;
  if (password.length < ACCOUNT_LIMITS.passwordMin) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > ACCOUNT_LIMITS.passwordMax) return ACCOUNT_MESSAGES.passwordTooLong;
  if (!PASSWORD_ALLOWED.test(password)) return ACCOUNT_MESSAGES.passwordOnlyAllowedCharacters;
  if (!/[0-9]/u.test(password) || ![...password].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character))) {
    return ACCOUNT_MESSAGES.passwordNeedsNumberAndSpecial;
  }
  return null;
}

/** ASCII only, so that look-alike letters from other scripts cannot imitate an existing name. */
const USERNAME_CHARACTERS = /^[a-z0-9._-]+$/u;

/** Names nobody can sign up with: the spec's reserved words and the accounts the product itself uses. */
export const RESERVED_USERNAMES: readonly { name: string; label: string }[] = [
  { name: 'gumroad', label: 'Gumroad' },
  { name: 'xxx', label: 'xxx' },
  { name: 'tessera', label: 'Tessera' },
  { name: 'support', label: 'Support' },
  { name: 'help', label: 'Help' },
  { name: 'root', label: 'Root' },
  { name: 'moderator', label: 'Moderator' },
  { name: 'zapier', label: 'Zapier' },
  { name: 'notion', label: 'Notion' },
  { name: 'canva', label: 'Canva' },
  { name: 'figma', label: 'Figma' },
];

/** The reserved entry a name matches, ignoring case. */
export function reservedUsername(username: string): { name: string; label: string } | null {
  const lower = username.trim().toLowerCase();
  return RESERVED_USERNAMES.find((entry) => entry.name === lower) ?? null;
}

/** The first rule a username breaks, or null. Reservation and availability are checked separately. */
export function usernameProblem(username: string): string | null {
  if (username.length < ACCOUNT_LIMITS.usernameMin) return ACCOUNT_MESSAGES.usernameTooShort;
  if (username.length > ACCOUNT_LIMITS.usernameMax) return ACCOUNT_MESSAGES.usernameTooLong;
  if (/\s/u.test(username) || username !== username.toLowerCase()) return ACCOUNT_MESSAGES.usernameHint;
  if (!USERNAME_CHARACTERS.test(username)) return ACCOUNT_MESSAGES.usernameCharacters;
  return null;
}

/** How usernames are compared for uniqueness: one name whatever its letter case. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Shown instead of the name of an account whose owner asked us to delete it. */
export const ERASED_USER_NAME = 'Erased user';
/** An erased account's username in the read models: its own name is freed for anyone and shown nowhere. */
export const erasedUsername = (userId: string) => `erased-${userId}`;

/** How addresses are compared: case does not make a different mailbox for the providers people use. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const EMAIL_DOMAIN_SUGGESTIONS: readonly string[] = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com'];

/** Completions offered while typing an address: the typed local part with each known domain that fits what follows '@'. */
export function emailDomainSuggestions(typed: string): string[] {
  const at = typed.indexOf('@');
  if (at <= 0) return [];
  const local = typed.slice(0, at);
  const domainStart = typed.slice(at + 1).toLowerCase();
  return EMAIL_DOMAIN_SUGGESTIONS.filter((domain) => domain.startsWith(domainStart) && domain !== domainStart).map(
    (domain) => `${local}@${domain}`,
  );
}

/**
 * What a social field stores: a handle for the networks (a pasted profile URL reduced to its last path
 * segment, spec section 5), and the website as the whole address — its path and query are the point.
 */
export function storedSocialValue(network: SocialNetwork, value: string): string {
  return network === 'website' ? value.trim() : socialHandle(value);
}

/** A pasted profile URL reduced to its last path segment, without query or hash (spec section 5). */
export function socialHandle(value: string): string {
  const withoutQuery = value.trim().split(/[?#]/u)[0] ?? '';
  const segments = withoutQuery.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  return last.replace(/^@/u, '');
}

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedIn', 'website', 'twitter'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const NOTIFICATION_SETTINGS = [
  'allowEmailsFromPosts',
  'allowUpdateEmails',
  'allowEmailsFromUsers',
  'allowPostUpdateEmails',
] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];

/** The notifications tab's toggles, and the e-mails that name the one they come under. */
export const NOTIFICATION_SETTING_TEXTS: Record<NotificationSetting, { label: string; description: string }> = {
  allowEmailsFromPosts: {
    label: 'Activity on my templates',
    description: 'An e-mail when someone comments on one of your templates. Sales and refunds are always e-mailed.',
  },
  allowUpdateEmails: { label: 'Product updates', description: 'News about Tessera, new features and community highlights.' },
  allowEmailsFromUsers: { label: 'Messages from other members', description: 'Emails from people who want to reach you about your work.' },
  allowPostUpdateEmails: {
    label: 'New versions of templates I bought',
    description: 'An e-mail when a template you bought, or saved and asked about, gets a new version.',
  },
};

/**
 * The e-mails a member can turn off from a link in one of them (one click in a mail client, RFC 8058),
 * each by its notification setting, with the texts of the link's page.
 */
export const UNSUBSCRIBE_LISTS = {
  updates: {
    setting: 'allowUpdateEmails',
    title: 'Update e-mails',
    ask: 'Stop receiving update e-mails from Tessera?',
    button: 'Turn off update e-mails',
    done: 'Done: you will no longer receive update e-mails from Tessera. You can turn them on again in your account settings.',
  },
  activity: {
    setting: 'allowEmailsFromPosts',
    title: 'Comment e-mails',
    ask: 'Stop receiving an e-mail when someone comments on one of your templates?',
    button: 'Turn off comment e-mails',
    done: 'Done: you will no longer receive an e-mail when someone comments on your templates. You can turn them on again in your account settings.',
  },
  'post-updates': {
    setting: 'allowPostUpdateEmails',
    title: 'New versions of templates',
    ask: 'Stop receiving an e-mail when a template you bought or follow gets a new version?',
    button: 'Turn off new-version e-mails',
    done: 'Done: you will no longer receive an e-mail about new versions of templates. You can turn them on again in your account settings.',
  },
  messages: {
    setting: 'allowEmailsFromUsers',
    title: 'Messages from members',
    ask: 'Stop receiving messages from other members by e-mail?',
    button: 'Turn off messages from members',
    done: 'Done: other members can no longer send you messages. You can turn them on again in your account settings.',
  },
} as const satisfies Record<string, { setting: NotificationSetting; title: string; ask: string; button: string; done: string }>;
export type UnsubscribeList = keyof typeof UNSUBSCRIBE_LISTS;
export const UNSUBSCRIBE_LIST_NAMES = Object.keys(UNSUBSCRIBE_LISTS) as UnsubscribeList[];

/** What an unsubscribe link's page says when the link cannot be used. */
export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    'This unsubscribe link is not valid. Open the link exactly as it came in the e-mail, or turn these e-mails off in your account settings.',
  gone: 'This account no longer exists, so it receives no e-mail.',
} as const;

export const VERIFICATION_CODE = {
  digits: 6,
  lifetimeMs: 10 * 60 * 1000,
  maxAttempts: 5,
} as const;

/** How long a session lasts without signing in again. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Test-user sessions are short-lived (issue 3): an admin acting as a new user for a while. */
export const TEST_USER_SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** No session is started for longer: one that expires this long before a new one does had expired when that one started. */
export const LONGEST_SESSION_LIFETIME_MS = Math.max(SESSION_LIFETIME_MS, TEST_USER_SESSION_LIFETIME_MS);

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const VERIFICATION_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const PROFILE_PAGE_SIZE = 10;

/**
 * Who may block or unblock an account: admins only members; owners anyone, an owner included;
 * the operator at the terminal (the users tool) anyone. Nobody else.
 */
export function mayChangeStatusOf(decidedBy: Role, targetLevel: UserLevel): boolean {
  if (decidedBy === 'owner' || decidedBy === 'operator') return true;
  return decidedBy === 'admin' && targetLevel === 'base';
}
