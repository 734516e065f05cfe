/**
 * The account texts every page's shell can show (the access-denied page, the verify-to-create
 * modal, the footer newsletter's address check), word for word (browse-search-accounts.md). Apart
 * from ACCOUNT_MESSAGES, which spreads them in: the initial bundle carries these, not every account screen's texts.
 */
export const ACCOUNT_SHELL_MESSAGES = {
  accessDeniedTitle: 'Access Denied',
  accessDenied: 'You do not have permission to access this resource.',
  verifyTitle: 'Verify your email',
  verifyToCreate: 'Your account must be verified to Create, Please visit your account page.',
  emailInvalid: 'This does not resemble a valid email address',
} as const;
