import { z } from 'zod';

import { ACCOUNT_LIMITS, emailProblem } from '../accounts/rules.js';

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
const contactReasonValues = CONTACT_REASONS.map((reason) => reason.value) as [ContactReason, ...ContactReason[]];

export const OUTREACH_LIMITS = {
  nameMax: ACCOUNT_LIMITS.nameMax * 2,
  /** The default text-input limit (browse-search-accounts.md section 9). */
  messageMax: 1000,
  requestTitleMax: 120,
  requestDescriptionMax: 1000,
} as const;


const email = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = emailProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** POST /email/subscribe: the spec sends `user` alongside the address; the server knows the user from the session. */
export const subscribeSchema = z.object({ email, user: z.unknown().optional() });

export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, OUTREACH_MESSAGES.nameRequired).max(OUTREACH_LIMITS.nameMax, `Name must be at most ${OUTREACH_LIMITS.nameMax} characters`),
  email,
  reason: z.enum(contactReasonValues).optional(),
  message: z
    .string()
    .trim()
    .min(1, OUTREACH_MESSAGES.messageRequired)
    .max(OUTREACH_LIMITS.messageMax, `Message must be at most ${OUTREACH_LIMITS.messageMax} characters`),
});
export type ContactMessageForm = z.infer<typeof contactMessageSchema>;

export const templateRequestSchema = z.object({
  title: z.string().trim().max(OUTREACH_LIMITS.requestTitleMax, `Title must be at most ${OUTREACH_LIMITS.requestTitleMax} characters`).optional(),
  description: z
    .string()
    .trim()
    .min(1, OUTREACH_MESSAGES.requestDescriptionRequired)
    .max(OUTREACH_LIMITS.requestDescriptionMax, `Description must be at most ${OUTREACH_LIMITS.requestDescriptionMax} characters`),
  platform: z.string().trim().max(40).optional(),
});
export type TemplateRequestForm = z.infer<typeof templateRequestSchema>;
