import { z } from '../shared/zod.js';

import { emailProblem } from '../accounts/rules.js';
import { CONTACT_REASONS, OUTREACH_LIMITS, OUTREACH_MESSAGES, type ContactReason } from './rules.js';

/* The outreach forms' zod schemas, apart from their texts and limits (the shell shows those without loading zod). */

const contactReasonValues = CONTACT_REASONS.map((reason) => reason.value) as [ContactReason, ...ContactReason[]];

const email = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = emailProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** POST /email/subscribe: the spec sends `user` alongside the address; the server knows the user from the session. */
export const subscribeSchema = z.object({ email, user: z.unknown().optional() });

/** A message's text, to the team or to a member. */
const messageText = z
  .string()
  .trim()
  .min(1, OUTREACH_MESSAGES.messageRequired)
  .max(OUTREACH_LIMITS.messageMax, `Message must be at most ${OUTREACH_LIMITS.messageMax} characters`);

export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, OUTREACH_MESSAGES.nameRequired)
    .max(OUTREACH_LIMITS.nameMax, `Name must be at most ${OUTREACH_LIMITS.nameMax} characters`),
  email,
  reason: z.enum(contactReasonValues).optional(),
  message: messageText,
});
export type ContactMessageForm = z.infer<typeof contactMessageSchema>;

export const templateRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .max(OUTREACH_LIMITS.requestTitleMax, `Title must be at most ${OUTREACH_LIMITS.requestTitleMax} characters`)
    .optional(),
  description: z
    .string()
    .trim()
    .min(1, OUTREACH_MESSAGES.requestDescriptionRequired)
    .max(OUTREACH_LIMITS.requestDescriptionMax, `Description must be at most ${OUTREACH_LIMITS.requestDescriptionMax} characters`),
  platform: z.string().trim().max(40).optional(),
});
export type TemplateRequestForm = z.infer<typeof templateRequestSchema>;

/** A member's message to another: the same text as one to the team. */
export const memberMessageSchema = z.object({ message: messageText });
export type MemberMessageForm = z.infer<typeof memberMessageSchema>;
