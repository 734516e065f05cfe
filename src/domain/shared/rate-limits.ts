/**
 * Every rate limit, in one place (docs/security.md, "Rate limits"). The spec names the 429 answer, not the
 * numbers: these are ours. Each is counted where every API instance sees it, before the work it guards.
 */
import { ACCOUNT_MESSAGES } from '../accounts/rules.js';
import { DEFAULT_GUEST_GENERATIONS_PER_HOUR, GENERATOR_MESSAGES } from '../generator/rules.js';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

export interface RateLimit {
  /** Attempts allowed per window; the next one is refused. */
  max: number;
  /** The window starts at the first attempt. */
  windowMs: number;
  /** What the refused caller reads. */
  message: string;
}

const TRY_LATER = 'Too many requests. Please try again later.';

export const RATE_LIMITS = {
  /**
   * Sign-in attempts (right or wrong) for one account from one network address: counted before the
   * password is checked, so parallel guesses are cut off at this number. Keyed on the pair, so an
   * attacker exhausting it cannot lock the owner out from the owner's own address.
   */
  loginPerAddressAndAccount: { max: 10, windowMs: 15 * MINUTE_MS, message: ACCOUNT_MESSAGES.loginRateLimited },
  /**
   * Sign-in attempts for one account from browsers it never signed in from, whatever their address:
   * an attacker's many addresses share this one budget. The owner's own browsers (a signed cookie set
   * at a successful sign-in) count under loginPerKnownDevice instead, and the reset e-mail always works.
   */
  loginNewDevicesPerAccount: { max: 10, windowMs: 15 * MINUTE_MS, message: ACCOUNT_MESSAGES.loginNewDevicesRateLimited },
  /** Sign-in attempts for one account from one browser it signed in from before (a stolen device cookie gets no more than this). */
  loginPerKnownDevice: { max: 10, windowMs: 15 * MINUTE_MS, message: ACCOUNT_MESSAGES.loginRateLimited },
  /** Sign-in attempts from one network address, whatever the account (an office behind one address still gets in). */
  loginPerAddress: { max: 30, windowMs: 15 * MINUTE_MS, message: ACCOUNT_MESSAGES.loginRateLimited },
  /**
   * Password checks behind a session (change password, delete account), per account: counted before the check,
   * so a stolen session cannot be used to guess the password.
   */
  passwordChecksPerAccount: { max: 10, windowMs: 15 * MINUTE_MS, message: 'Too many password attempts. Please try again later.' },
  signupsPerAddress: { max: 10, windowMs: HOUR_MS, message: 'Too many sign-ups from this address. Please try again later.' },
  /** Username and e-mail availability checks from one address: the sign-up form checks as one types, an enumerator needs thousands. */
  availabilityChecksPerAddress: { max: 60, windowMs: 10 * MINUTE_MS, message: TRY_LATER },
  /** Verification and password-reset e-mails per account, whichever spelling (username, e-mail, case) named it. */
  mailsPerAccount: { max: 5, windowMs: HOUR_MS, message: 'Too many e-mails requested. Please try again later.' },
  /** Password-reset requests from one address, whatever account they name. */
  mailsPerAddress: { max: 5, windowMs: HOUR_MS, message: 'Too many e-mails requested. Please try again later.' },
  /** Image uploads (post screenshots, profile pictures) per user: each is decoded and re-encoded. */
  uploadsPerUser: { max: 30, windowMs: HOUR_MS, message: 'Too many uploads. Please try again later.' },
  commentsPerUser: { max: 30, windowMs: HOUR_MS, message: 'You are commenting too fast. Please try again later.' },
  reportsPerUser: { max: 20, windowMs: HOUR_MS, message: 'Too many reports. Please try again later.' },
  /** Searches recorded for popular-search analytics per address. */
  searchAnalyticsPerAddress: { max: 120, windowMs: HOUR_MS, message: TRY_LATER },
  /**
   * Requests to the MCP server (/mcp) from one address: each runs at most one search or lookup. Generous,
   * since a hosted assistant calls from a few addresses for many people; a flood is still cut off.
   */
  assistantRequestsPerAddress: { max: 600, windowMs: 10 * MINUTE_MS, message: TRY_LATER },
  /** Anonymous views counted per address: more are served but not counted. */
  anonymousViewsPerAddress: { max: 100, windowMs: HOUR_MS, message: TRY_LATER },
  /** Fetches of a page for the create form's suggestions per user (each fetches a page from the internet). */
  pageSuggestionsPerUser: { max: 30, windowMs: 10 * MINUTE_MS, message: 'Too many fetches. Please try again in a few minutes.' },
  /** AI generations per signed-in user (each may cost a model call). */
  generationsPerUser: { max: 20, windowMs: 24 * HOUR_MS, message: 'You have used today’s generations. Please try again tomorrow.' },
  /** AI generations from one network address, guests and members alike. */
  generationsPerAddress: { max: 30, windowMs: 24 * HOUR_MS, message: 'You have used today’s generations. Please try again tomorrow.' },
  /**
   * AI generations by every guest together, on top of the per-address limit: guests with many addresses
   * share it. Its max is the GUEST_GENERATIONS_PER_HOUR setting; members do not count against it.
   */
  guestGenerationsSiteWide: {
    max: DEFAULT_GUEST_GENERATIONS_PER_HOUR,
    windowMs: HOUR_MS,
    message: GENERATOR_MESSAGES.guestGenerationsSpent,
  },
  /** Follow-up question sets from one address (a model call each). */
  generatorQuestionsPerAddress: { max: 60, windowMs: HOUR_MS, message: TRY_LATER },
  /** 'Copy' of generated files from one address. */
  generatedCopiesPerAddress: { max: 60, windowMs: HOUR_MS, message: TRY_LATER },
  /** Help-chat messages from one address (a model call each when a model is configured). */
  chatMessagesPerAddress: { max: 60, windowMs: HOUR_MS, message: TRY_LATER },
  /** Beta feedback from one address. */
  feedbackPerAddress: { max: 10, windowMs: HOUR_MS, message: TRY_LATER },
  /** Contact messages from one e-mail address. */
  contactPerEmail: { max: 3, windowMs: HOUR_MS, message: TRY_LATER },
  /** Contact messages from one network address, whatever e-mail they give. */
  contactPerAddress: { max: 10, windowMs: HOUR_MS, message: TRY_LATER },
  /** Subscription attempts for one e-mail address. */
  subscribePerEmail: { max: 5, windowMs: HOUR_MS, message: TRY_LATER },
  subscribePerAddress: { max: 20, windowMs: HOUR_MS, message: TRY_LATER },
  /** Messages to other members from one member (each is an e-mail to someone who did not ask for it). */
  memberMessagesPerUser: { max: 10, windowMs: HOUR_MS, message: 'You have sent many messages in the last hour. Please try again later.' },
  /**
   * Visibility panels as of a past moment per author (staff are not limited): each folds the log up to that moment (about a
   * second on a log of 100 000 events), so an author cannot keep the server busy with them.
   */
  pastVisibilityPerUser: {
    max: 20,
    windowMs: 10 * MINUTE_MS,
    message: 'You have looked at many past moments in the last few minutes. Please try again in a few minutes.',
  },
  /** Template requests from one signed-in user. */
  templateRequestsPerUser: { max: 5, windowMs: HOUR_MS, message: TRY_LATER },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;
