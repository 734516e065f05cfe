import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { Schema } from '../../adapters/db/schema.js';
import type { MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import { unsubscribeUrl } from '../../commands/accounts/unsubscribe-token.js';
import type { FactKind } from '../../domain/analytics/facts.js';
import { audienceMembers, audienceSizes, type AudienceGroup } from '../../domain/analytics/reports.js';
import { massEmailDecider } from '../../domain/mass-email/decider.js';
import { massEmailStream } from '../../domain/mass-email/events.js';
import { audienceGroupSchema, MASS_EMAIL_LIMITS, MASS_EMAIL_MESSAGES, massEmailMessage, sendEmailSchema } from '../../domain/mass-email/rules.js';
import { analyticsFacts } from '../../projections/read-models/analytics/queries.js';
import { campaignProgress, recentCampaigns } from '../../projections/read-models/mass-emails/queries.js';
import { userById, usernamesByIds } from '../../projections/read-models/users/queries.js';
import { actorOf } from '../actors.js';
import { HttpError } from '../errors.js';

/** The facts the audience groups are defined from (src/domain/analytics/reports.ts). */
const AUDIENCE_FACT_KINDS: readonly FactKind[] = ['user_registered', 'user_deleted', 'notifications', 'post_created', 'comment', 'click', 'save', 'like', 'view', 'search', 'form_progress', 'purchase'];

/**
 * Mass e-mail: the audience groups' recipients, test sends, campaigns (a MassEmailRequested that
 * the mass e-mail worker delivers) and their progress. Each message's unsubscribe link is
 * email-unsubscribe.ts'.
 */
export function massEmailRoutes(deps: {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  commands: CommandBus;
  mail: MailSender;
  publicUrl: string;
  settle(position: bigint | null): Promise<void>;
}): FastifyPluginAsyncZod {
  const resolve = async (group: AudienceGroup) => audienceMembers(await analyticsFacts(deps.db, AUDIENCE_FACT_KINDS, new Date()), new Date(), group);

  return async (app) => {
    const tags = ['admin'];

    app.get(
      '/admin/emails/getRecipients',
      { config: { access: 'admin' }, schema: { tags, summary: "A group's recipient count now, and the first few recipients", querystring: z.object({ group: audienceGroupSchema }) } },
      async (request) => {
        const recipientIds = await resolve(request.query.group);
        const shown = recipientIds.slice(0, MASS_EMAIL_LIMITS.previewRecipients);
        const names = await usernamesByIds(deps.db, shown);
        return { group: request.query.group, count: recipientIds.length, recipients: shown.map((id) => ({ _id: id, username: names.get(id) ?? null })) };
      },
    );

    app.get('/admin/emails/groups', { config: { access: 'admin' }, schema: { tags, summary: 'Every audience group with its recipient count now' } }, async () => {
      const now = new Date();
      return { data: audienceSizes(await analyticsFacts(deps.db, AUDIENCE_FACT_KINDS, now), now) };
    });

    app.post(
      '/zapier/sendEmail',
      {
        config: { access: 'admin' },
        schema: { tags, summary: 'Send a test to yourself (isTest), or start a campaign to a group (recipients resolved now)', body: sendEmailSchema },
      },
      async (request, reply) => {
        const viewer = request.viewer!;
        const { subject, body, recipientsGroup, isTest, idempotencyKey } = request.body;
        if (isTest) {
          const row = await userById(deps.db, viewer.userId);
          const to = row?.email_enc ? await deps.vault.decrypt(row.id, row.email_enc) : null;
          if (!to) throw new HttpError(400, MASS_EMAIL_MESSAGES.adminHasNoAddress);
          await deps.mail.send({ to, ...massEmailMessage(`[Test] ${subject}`, body, await unsubscribeUrl(deps.vault, deps.publicUrl, viewer.userId, 'updates')) });
          return { success: true, message: MASS_EMAIL_MESSAGES.testSent };
        }
        const recipientIds = await resolve(recipientsGroup);
        if (recipientIds.length === 0) throw new HttpError(400, MASS_EMAIL_MESSAGES.noRecipients);
        const campaignId = idempotencyKey ?? randomUUID();
        const result = await deps.commands.handle(
          massEmailDecider,
          massEmailStream(campaignId),
          { type: 'RequestMassEmail', data: { campaignId, subject, body, group: recipientsGroup, requestedBy: viewer.userId, recipientIds } },
          { actor: actorOf(viewer), idempotencyKey: campaignId },
        );
        await deps.settle(result.position);
        const total = result.events[0]?.data.recipientIds.length ?? recipientIds.length;
        return reply.status(202).send({ success: true, message: MASS_EMAIL_MESSAGES.campaignStarted, campaignId, total });
      },
    );

    app.get('/admin/emails/campaigns', { config: { access: 'admin' }, schema: { tags, summary: 'The latest campaigns, newest first, each with its progress' } }, async () => ({
      data: await recentCampaigns(deps.db, MASS_EMAIL_LIMITS.listedCampaigns),
    }));

    app.get(
      '/admin/emails/campaigns/:id',
      { config: { access: 'admin' }, schema: { tags, summary: "A campaign's progress: delivered, failed and skipped of the total", params: z.object({ id: z.string().max(100) }) } },
      async (request) => {
        const progress = await campaignProgress(deps.db, request.params.id);
        if (!progress) throw new HttpError(404, MASS_EMAIL_MESSAGES.campaignNotFound);
        return progress;
      },
    );
  };
}
