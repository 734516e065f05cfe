import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { FactKind } from '../../domain/analytics/facts.js';
import { audienceMembers, audienceSizes, type AudienceGroup } from '../../domain/analytics/reports.js';
import { massEmailDecider } from '../../domain/mass-email/decider.js';
import { massEmailStream } from '../../domain/mass-email/events.js';
import { MASS_EMAIL_MESSAGES, massEmailMessage } from '../../domain/mass-email/rules.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { analyticsFacts } from '../../projections/read-models/analytics/queries.js';
import { userById } from '../../projections/read-models/users/queries.js';
import type { CommandBus } from '../bus/handle-command.js';
import { unsubscribeUrl } from '../accounts/unsubscribe-token.js';

/** The facts the audience groups are defined from (src/domain/analytics/reports.ts). */
const AUDIENCE_FACT_KINDS: readonly FactKind[] = [
  'user_registered',
  'user_deleted',
  'notifications',
  'post_created',
  'comment',
  'click',
  'save',
  'like',
  'view',
  'search',
  'form_progress',
  'purchase',
];

export interface MassEmailDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  commands: CommandBus;
  mail: MailSender;
  publicUrl: string;
}

/**
 * Mass e-mail: the audience groups' members now, test sends, and campaigns (a MassEmailRequested
 * that the mass e-mail worker delivers).
 */
export function createMassEmail(deps: MassEmailDeps) {
  const members = async (group: AudienceGroup) =>
    audienceMembers(await analyticsFacts(deps.db, AUDIENCE_FACT_KINDS, new Date()), new Date(), group);
  return {
    /** The ids of a group's members now. */
    members,

    /** Every audience group with its size now. */
    async groupSizes() {
      const now = new Date();
      return audienceSizes(await analyticsFacts(deps.db, AUDIENCE_FACT_KINDS, now), now);
    },

    /** The message to the admin alone, subject marked [Test]. */
    async sendTest(adminId: string, subject: string, body: string): Promise<void> {
      const row = await userById(deps.db, adminId);
      const to = row?.email_enc ? await deps.vault.decrypt(row.id, row.email_enc) : null;
      if (!to) throw new DomainError('invalid', MASS_EMAIL_MESSAGES.adminHasNoAddress);
      await deps.mail.send({
        to,
        ...massEmailMessage(`[Test] ${subject}`, body, await unsubscribeUrl(deps.vault, deps.publicUrl, adminId, 'updates')),
      });
    },

    /** A campaign to the group's members now; the same idempotency key starts it once. */
    async startCampaign(
      campaign: { subject: string; body: string; group: AudienceGroup; idempotencyKey?: string },
      requestedBy: string,
      actor: Actor,
    ): Promise<{ campaignId: string; total: number; position: bigint | null }> {
      const recipientIds = await members(campaign.group);
      if (recipientIds.length === 0) throw new DomainError('invalid', MASS_EMAIL_MESSAGES.noRecipients);
      const campaignId = campaign.idempotencyKey ?? randomUUID();
      const result = await deps.commands.handle(
        massEmailDecider,
        massEmailStream(campaignId),
        {
          type: 'RequestMassEmail',
          data: { campaignId, subject: campaign.subject, body: campaign.body, group: campaign.group, requestedBy, recipientIds },
        },
        { actor, idempotencyKey: campaignId },
      );
      const total = result.events[0]?.data.recipientIds.length ?? recipientIds.length;
      return { campaignId, total, position: result.position };
    },
  };
}

export type MassEmail = ReturnType<typeof createMassEmail>;
