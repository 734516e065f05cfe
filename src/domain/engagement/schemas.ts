import { z } from '../shared/zod.js';

import { emailProblem } from '../accounts/rules.js';
import { commentProblem, ENGAGEMENT_LIMITS, ENGAGEMENT_MESSAGES, isReportReason } from './rules.js';

/* The comment and report forms' zod schemas, apart from their texts and limits (cards and pages that show only those load no zod). */

export const commentSchema = z.object({
  message: z.string().superRefine((value, context) => {
    const problem = commentProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});

/**
 * The report form (spec: resourceId, name, reason, message, email, dateReported). Name, message
 * and e-mail are required; the reason is not enforced by the form, so the placeholder ('') is
 * accepted as "no reason given", but anything else must be one of the list.
 */
export const reportSchema = z.object({
  resourceId: z.string().min(1).max(100),
  name: z
    .string()
    .trim()
    .min(1, ENGAGEMENT_MESSAGES.reportNameRequired)
    .max(ENGAGEMENT_LIMITS.reportNameMax, ENGAGEMENT_MESSAGES.reportTooLong('Name', ENGAGEMENT_LIMITS.reportNameMax)),
  reason: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || isReportReason(value), ENGAGEMENT_MESSAGES.reportReasonUnknown),
  message: z
    .string()
    .trim()
    .min(1, ENGAGEMENT_MESSAGES.reportMessageRequired)
    .max(ENGAGEMENT_LIMITS.reportMessageMax, ENGAGEMENT_MESSAGES.reportTooLong('The message', ENGAGEMENT_LIMITS.reportMessageMax)),
  email: z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = emailProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type ReportForm = z.infer<typeof reportSchema>;
