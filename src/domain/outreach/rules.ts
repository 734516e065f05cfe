import { TEXT_INPUT_MAX } from '../accounts/limits.js';

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

/**
 * A member's message to another, from their public profile: what the "Messages from other members"
 * setting (allowEmailsFromUsers) governs. Our wording; the spec names only the setting.
 */
export const MEMBER_MESSAGE_TEXTS = {
  button: 'Send a message',
  title: (username: string) => `Message @${username}`,
  intro: (username: string) => `${username} gets your message by e-mail, with your e-mail address to answer to.`,
  sent: 'Message sent. They will answer you by e-mail if they wish.',
  signIn: 'Please log in to send a message.',
  verifyFirst: 'Verify your email address to send messages to other members.',
  ownProfile: 'This is your own profile: there is nobody to send a message to.',
  notAccepting: 'This member does not accept messages.',
  failed: 'The message could not be sent. Please try again.',
} as const;

/** Whether a member can be sent messages: an account that is there and not blocked, with the setting on (it is unless turned off). */
export function acceptsMemberMessages(member: {
  erased: boolean;
  verification: string;
  notifications: Partial<Record<'allowEmailsFromUsers', boolean>>;
}): boolean {
  return !member.erased && member.verification !== 'blocked' && member.notifications.allowEmailsFromUsers !== false;
}

export const OUTREACH_LIMITS = {
  /** A contact's name: the spec's default text input. */
  nameMax: TEXT_INPUT_MAX,
  /** The default text-input limit (browse-search-accounts.md section 9): a contact message's and a member's message to another. */
  messageMax: 1000,
  requestTitleMax: 120,
  requestDescriptionMax: 1000,
} as const;
