import { characterCount } from '../shared/characters.js';

export const ENGAGEMENT_MESSAGES = {
  /** The spec's answer for a post the caller may not see or engage with (posts-payments-rewards.md section 8). */
  postDoesNotExist: 'This post does not exist',
  commentEmpty: 'Please write a comment before posting.',
  commentTooLong: (max: number) => `Comments can be at most ${max} characters long.`,
  reportOwnPost: 'You cannot report your own post.',
  reportReasonUnknown: 'Please choose a reason from the list.',
  reportNameRequired: 'Please enter your name.',
  reportMessageRequired: 'Please describe the problem.',
  reportTooLong: (field: string, max: number) => `${field} can be at most ${max} characters long.`,
} as const;

/** Toasts after like, save and flag (browse-search-accounts.md section 8; the flag texts are ours). */
export const ENGAGEMENT_TOASTS = {
  liked: 'Kudos given!',
  unliked: 'Kudos removed!',
  saved: 'Saved to your Templates!',
  unsaved: 'Removed from your saved Templates!',
  saveFailed: 'Error in processing your save action.',
  flagged: 'Thanks, the moderators will take a look.',
  unflagged: 'Your flag was taken back.',
  flagFailed: 'Your flag could not be recorded. Please try again.',
} as const;

/** The report button's states (posts-payments-rewards.md section 4, Report button); while sending it says what every form does. */
export const REPORT_BUTTON_TEXT = { idle: 'Submit', sent: 'Submitted', failed: 'Error' } as const;

/** The detail page (posts-payments-rewards.md sections 2.3 and 2.11). */
export const DETAIL_PAGE = {
  /** A comment longer than this many lines shows them, then READ MORE. */
  commentPreviewLines: 4,
  /** How long 'Copied!' shows after copying the link. */
  copyFeedbackMs: 1000,
  /** A screenshot shorter than this is shown at its own size rather than stretched. */
  smallScreenshotHeightPx: 600,
  relatedPostsFailed: 'Failed to fetch related posts.',
  moreByAuthorHeading: 'More By The Author',
  relatedPostsHeading: 'Related Posts',
} as const;

/** The saved posts page (posts-payments-rewards.md section 2.6). */
export const SAVED_POSTS_TITLE = 'Saved Posts';
/** Saved posts are listed 10 per page (posts-payments-rewards.md section 9). */
export const SAVED_POSTS_PAGE_SIZE = 10;
/** The spec gives no empty state for saved posts: this one says what the page is for and offers the way to browse. */
export const SAVED_POSTS_EMPTY = 'You have not saved any templates yet. Save the ones you like and they will wait for you here.';

/**
 * A post's comments come a page at a time, newest first (the spec gives no page size): a post with
 * thousands sends and draws its newest, and the reader asks for more.
 */
export const COMMENTS_PAGE = {
  size: 20,
  maxSize: 100,
  showMore: 'Show more comments',
  loadingMore: 'Loading comments…',
  loadFailed: 'The comments could not be loaded.',
  tryAgain: 'Try again',
  /** A cursor is a comment's place in the log, as the previous page answered it. */
  badCursor: 'before must be the nextCursor of a previous page of comments.',
} as const;

export const ENGAGEMENT_LIMITS = {
  /** The spec's default text limit (browse-search-accounts.md section 9): no comment limit of its own is given. */
  commentMax: 1000,
  reportNameMax: 100,
  reportMessageMax: 1000,
} as const;

/**
 * E-mails about comments on one member's posts (all of them together): the comments of the trailing
 * hour are mailed about up to this many, so a crowd of accounts cannot flood one inbox; the rest are
 * on the posts only. The last one mailed says so. Our choice; the spec has no comment e-mails.
 */
export const COMMENT_MAILS_PER_AUTHOR = { max: 10, windowMs: 60 * 60 * 1000 } as const;

/**
 * Members' red flags that send a live post to the moderators ('live flagged'); our choice, the
 * spec gives none. A report sends it at once: someone took the time to say what is wrong.
 */
export const FLAGS_FOR_REVIEW = 3;

/** The report form's reasons (posts-payments-rewards.md section 5), value → label. */
export const REPORT_REASONS = {
  'inappropriate-content': 'Inappropriate Content',
  spam: 'Spam or Misleading',
  'intellectual-property': 'Intellectual Property Violation',
  'doesnt-work': "Doesn't Work",
  other: 'Other',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

export function isReportReason(value: string): value is ReportReason {
  return Object.hasOwn(REPORT_REASONS, value);
}

/** White space, and format marks that draw nothing (zero-width spaces and joiners, direction marks). */
const INVISIBLE_ONLY = /^[\s\p{Cf}]*$/u;

/** A comment that would show as an empty card: 'Empty text is not sent' (spec 2.11, 5). */
export function isBlankComment(message: string): boolean {
  return INVISIBLE_ONLY.test(message);
}

/** Checks a comment; the text itself is kept exactly as typed. */
export function commentProblem(message: string): string | null {
  if (isBlankComment(message)) return ENGAGEMENT_MESSAGES.commentEmpty;
  if (characterCount(message) > ENGAGEMENT_LIMITS.commentMax) return ENGAGEMENT_MESSAGES.commentTooLong(ENGAGEMENT_LIMITS.commentMax);
  return null;
}
