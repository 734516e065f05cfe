import MarkdownIt from 'markdown-it';
import { z } from '../shared/zod.js';
import { AUDIENCE_GROUP_IDS, type AudienceGroup } from '../analytics/reports.js';

/** The mass e-mail's texts (the confirmation is the spec's, section 5), shared by the API and the portal. */
export const MASS_EMAIL_MESSAGES = {
  confirm: 'Are you sure you want to send this email?',
  subjectBlank: 'The subject cannot be blank',
  bodyBlank: 'The message cannot be blank',
  unknownGroup: `Unknown recipients group: choose one of ${AUDIENCE_GROUP_IDS.join(', ')}`,
  noRecipients: 'This group has no recipients: nothing was sent',
  testSent: 'Test e-mail sent to your address',
  adminHasNoAddress: 'Your account has no e-mail address to send the test to',
  campaignStarted: 'Sending started',
  campaignNotFound: 'This campaign does not exist',
} as const;

export const MASS_EMAIL_LIMITS = {
  subject: 200,
  body: 20_000,
  /** Recipients shown beside the count before sending. */
  previewRecipients: 5,
  /** Past campaigns listed in the portal. */
  listedCampaigns: 20,
} as const;

/** Messages sent per second unless MASS_EMAIL_PER_SECOND says otherwise: well under what common SMTP relays allow. */
export const DEFAULT_MASS_EMAIL_PER_SECOND = 10;

export function isAudienceGroup(value: string): value is AudienceGroup {
  return (AUDIENCE_GROUP_IDS as string[]).includes(value);
}

export const audienceGroupSchema = z
  .string()
  .refine(isAudienceGroup, { message: MASS_EMAIL_MESSAGES.unknownGroup })
  .transform((value) => value as AudienceGroup);

/** `POST /zapier/sendEmail`: the spec's fields, and an optional key so a repeated click starts one campaign. */
export const sendEmailSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, MASS_EMAIL_MESSAGES.subjectBlank)
    .max(MASS_EMAIL_LIMITS.subject, `The subject must be at most ${MASS_EMAIL_LIMITS.subject} characters`),
  body: z
    .string()
    .trim()
    .min(1, MASS_EMAIL_MESSAGES.bodyBlank)
    .max(MASS_EMAIL_LIMITS.body, `The message must be at most ${MASS_EMAIL_LIMITS.body} characters`),
  recipientsGroup: audienceGroupSchema,
  isTest: z.boolean().default(false),
  idempotencyKey: z.string().uuid().optional(),
});
export type SendEmailRequest = z.infer<typeof sendEmailSchema>;

/** Raw HTML in the body is shown as text, never passed on; markdown-it also refuses javascript: and data: links. */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** The body as HTML: what the preview shows and the HTML part of every message. */
export function renderMassEmailBody(body: string): string {
  return markdown.render(body);
}

const FOOTER_TEXT = 'You receive this e-mail because you have a Tessera account.';

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** One recipient's message: the markdown source as the text part, rendered as the HTML part, both ending with the unsubscribe link. */
export function massEmailMessage(subject: string, body: string, unsubscribeUrl: string): { subject: string; text: string; html: string } {
  return {
    subject,
    text: `${body}\n\n--\n${FOOTER_TEXT}\nTurn off update e-mails: ${unsubscribeUrl}\n`,
    html: `${renderMassEmailBody(body)}<hr><p style="color:#666;font-size:12px">${FOOTER_TEXT} <a href="${escapeAttribute(unsubscribeUrl)}">Turn off update e-mails</a></p>`,
  };
}

/** A campaign as the portal lists it: its message's subject and how far its sending has come. */
export interface CampaignSummary {
  campaignId: string;
  subject: string;
  group: string;
  requestedBy: { _id: string; username: string | null };
  requestedAt: string;
  total: number;
  delivered: number;
  failed: number;
  skipped: number;
  finished: boolean;
}
