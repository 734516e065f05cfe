import { ACCOUNT_LIMITS } from '../accounts/limits.js';

/** Texts of the newsletter box, the contact form and the request-a-template modal (generator-admin-site.md sections 2, 4, 8). */
export const OUTREACH_MESSAGES = {
  subscribed: 'You are successfully subscribed',
  alreadySubscribed: 'You are already subscribed. Thank you for staying with us!',
  contactSent: 'Message sent successfully!',
  tooManyRequests: 'Too many requests. Please try again later.',
  contactFailed: 'Failed to send',
  nameRequired: 'Please enter your name.',
  messageRequired: 'Please enter a message.',
  requestSent: 'Thanks! Your template request has been sent to the community.',
  requestDescriptionRequired: 'Please describe the template you need.',
  signInToRequest: 'Please log in to request a template.',
} as const;

/** The contact form's reasons, in the order the form lists them (spec section 9). */
export const CONTACT_REASONS = [
  { value: 'errors', label: 'Errors on the site' },
  { value: 'feature-request', label: 'Feature request' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'account', label: 'My account' },
  { value: 'reserved-account', label: 'Claim a reserved account' },
  { value: 'legal', label: 'Legal' },
  { value: 'privacy', label: 'Privacy' },
  { value: 'other', label: 'Other' },
] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number]['value'];

export const OUTREACH_LIMITS = {
  nameMax: ACCOUNT_LIMITS.nameMax * 2,
  /** The default text-input limit (browse-search-accounts.md section 9). */
  messageMax: 1000,
  requestTitleMax: 120,
  requestDescriptionMax: 1000,
} as const;
