import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MassEmail } from '../../commands/mass-email/campaigns.js';
import { audienceGroupSchema, MASS_EMAIL_LIMITS, MASS_EMAIL_MESSAGES, sendEmailSchema } from '../../domain/mass-email/rules.js';
import { z } from '../../domain/shared/zod.js';
import { campaignProgress, recentCampaigns, type CampaignProgress } from '../../projections/read-models/mass-emails/queries.js';
import { usernamesByIds } from '../../projections/read-models/users/queries.js';
import { actorOf } from '../actors.js';
import { HttpError } from '../errors.js';
import type { ReadModelDb, Settle } from './route-deps.js';

const campaignSchema = z.object({
  campaignId: z.string(),
  subject: z.string(),
  body: z.string(),
  group: z.string(),
  requestedBy: z.object({ _id: z.string(), username: z.string().nullable() }),
  requestedAt: z.string(),
  total: z.number(),
  delivered: z.number(),
  failed: z.number(),
  skipped: z.number(),
  finished: z.boolean(),
}) satisfies z.ZodType<CampaignProgress>;
const groupSizeSchema = z.object({ group: z.string(), recipients: z.number() });
const sentAnswer = z.object({ success: z.boolean(), message: z.string() });

/**
 * Mass e-mail: the audience groups' recipients, test sends, campaigns (a MassEmailRequested that
 * the mass e-mail worker delivers) and their progress. Each message's unsubscribe link is
 * email-unsubscribe.ts'.
 */
export function massEmailRoutes(deps: { db: ReadModelDb; massEmail: MassEmail; settle: Settle }): FastifyPluginAsyncZod {
  const { massEmail } = deps;
  return async (app) => {
    const tags = ['admin'];

    app.get(
      '/admin/emails/getRecipients',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "A group's recipient count now, and the first few recipients",
          querystring: z.object({ group: audienceGroupSchema }),
          response: {
            200: z.object({
              group: z.string(),
              count: z.number(),
              recipients: z.array(z.object({ _id: z.string(), username: z.string().nullable() })),
            }),
          },
        },
      },
      async (request) => {
        const recipientIds = await massEmail.members(request.query.group);
        const shown = recipientIds.slice(0, MASS_EMAIL_LIMITS.previewRecipients);
        const names = await usernamesByIds(deps.db, shown);
        return {
          group: request.query.group,
          count: recipientIds.length,
          recipients: shown.map((id) => ({ _id: id, username: names.get(id) ?? null })),
        };
      },
    );

    app.get(
      '/admin/emails/groups',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Every audience group with its recipient count now',
          response: { 200: z.object({ data: z.array(groupSizeSchema) }) },
        },
      },
      async () => ({ data: await massEmail.groupSizes() }),
    );

    app.post(
      '/zapier/sendEmail',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Send a test to yourself (isTest), or start a campaign to a group (recipients resolved now)',
          body: sendEmailSchema,
          response: { 200: sentAnswer, 202: sentAnswer.extend({ campaignId: z.string(), total: z.number() }) },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer!;
        const { subject, body, recipientsGroup, isTest, idempotencyKey } = request.body;
        if (isTest) {
          await massEmail.sendTest(viewer.userId, subject, body);
          return { success: true, message: MASS_EMAIL_MESSAGES.testSent };
        }
        const { campaignId, total, position } = await massEmail.startCampaign(
          { subject, body, group: recipientsGroup, idempotencyKey },
          viewer.userId,
          actorOf(viewer),
        );
        await deps.settle(position);
        return reply.status(202).send({ success: true, message: MASS_EMAIL_MESSAGES.campaignStarted, campaignId, total });
      },
    );

    app.get(
      '/admin/emails/campaigns',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'The latest campaigns, newest first, each with its progress',
          response: { 200: z.object({ data: z.array(campaignSchema) }) },
        },
      },
      async () => ({ data: await recentCampaigns(deps.db, MASS_EMAIL_LIMITS.listedCampaigns) }),
    );

    app.get(
      '/admin/emails/campaigns/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "A campaign's progress: delivered, failed and skipped of the total",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: campaignSchema },
        },
      },
      async (request) => {
        const progress = await campaignProgress(deps.db, request.params.id);
        if (!progress) throw new HttpError(404, MASS_EMAIL_MESSAGES.campaignNotFound);
        return progress;
      },
    );
  };
}
