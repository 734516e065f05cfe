import type { AudienceGroup } from '../analytics/reports.js';
import type { DomainEvent } from '../shared/events.js';

/**
 * A mass e-mail campaign. The recipients are resolved once, when the admin confirms, and stored in
 * the request: the count the admin confirmed is the list that is sent, and a resumed campaign does
 * not depend on what the read models show after a restart. Only user ids are stored (no addresses):
 * each address is read from the vault when that recipient's message goes out.
 */
export type MassEmailRequested = DomainEvent<
  'MassEmailRequested',
  { campaignId: string; subject: string; body: string; group: AudienceGroup; requestedBy: string; recipientIds: string[] }
>;

/** One recipient's outcome, each on the recipient's own stream (`massEmailRecipientStream`): at most one per recipient. */
export type MassEmailDelivered = DomainEvent<'MassEmailDelivered', { campaignId: string; recipientId: string; messageId: string }>;
export type MassEmailFailed = DomainEvent<'MassEmailFailed', { campaignId: string; recipientId: string; reason: string }>;
/** Not sent: the member turned update e-mails off after the request, or the account is gone. */
export type MassEmailSkipped = DomainEvent<
  'MassEmailSkipped',
  { campaignId: string; recipientId: string; reason: 'unsubscribed' | 'no_address' }
>;

export type MassEmailRecipientEvent = MassEmailDelivered | MassEmailFailed | MassEmailSkipped;
export type MassEmailEvent = MassEmailRequested | MassEmailRecipientEvent;

export const massEmailStream = (campaignId: string) => `mass-email-${campaignId}`;
export const massEmailRecipientStream = (campaignId: string, recipientId: string) => `mass-email-recipient-${campaignId}-${recipientId}`;
