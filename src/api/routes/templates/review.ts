import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { decisionFor, DELETED_STATUS, REQUESTABLE_STATUSES, TEMPLATE_STATUSES } from '../../../domain/templates/lifecycle.js';
import { ADMIN_LIST_QUERY_MAX, TEMPLATE_MESSAGES } from '../../../domain/templates/rules.js';
import { reviewQueue } from '../../../projections/read-models/templates/lists.js';
import { resourceById } from '../../../projections/read-models/templates/queries.js';
import { actorOf } from '../../actors.js';
import type { TemplateRouteDeps } from './deps.js';
import { detailDataSchema, doneWithMessageSchema, reviewQueueSchema } from './schemas.js';
import { adminTags, detailAnswerOf, ifMatchRevision, notFound, reasonText, reviewerOf } from './shared.js';

const lowerCase = z
  .string()
  .max(40)
  .transform((value) => value.toLowerCase().trim());
const statusFilter = lowerCase.pipe(z.enum([...TEMPLATE_STATUSES, 'pending', 'all'], 'Unknown status'));

const decisionBody = z.object({
  _id: z.string().max(100),
  status: lowerCase.pipe(z.enum(REQUESTABLE_STATUSES, 'An admin can set a post to live, not approved or hidden.')),
  rejectionReason: reasonText.optional(),
  reason: reasonText.optional(),
  /** The content revision the moderator saw (as listed); the If-Match header may carry it instead. */
  revision: z.number().int().min(0).optional(),
});

/** The admin portal's review queue and its decisions: status, sponsorship, permanent delete. */
export function reviewRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const path of ['/admin/resources', '/admin/resources/search']) {
      app.get(
        path,
        {
          config: { access: 'admin' },
          schema: {
            tags: adminTags,
            summary: 'Review queue and resource search: by status (default: everything awaiting a decision, oldest first) and title',
            querystring: z.object({
              status: statusFilter.default('pending'),
              q: z.string().max(ADMIN_LIST_QUERY_MAX).optional(),
              page: z.coerce.number().int().min(1).max(100_000).default(1),
            }),
            response: { 200: reviewQueueSchema },
          },
        },
        async (request) => reviewQueue(deps.db, deps.vault, request.query),
      );
    }

    app.put(
      '/admin/resources/update',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'A review decision: status live (approve, or not flagged), not approved (deny, reason required) or hidden',
          body: decisionBody,
          headers: z.object({ 'if-match': ifMatchRevision.optional() }),
          response: { 200: z.object({ error: z.literal(false), message: z.string(), resource: detailDataSchema }) },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await resourceById(deps.db, request.body._id);
        if (!row || row.status === DELETED_STATUS) throw notFound();
        const reason = (request.body.rejectionReason ?? request.body.reason ?? '').trim() || null;
        const revision = request.body.revision ?? request.headers['if-match'];
        await deps.settle(
          (
            await deps.templates.lifecycle.review(
              row.id,
              decisionFor(row.status, request.body.status),
              reason,
              reviewerOf(viewer),
              revision,
            )
          ).position,
        );
        return {
          error: false as const,
          message: 'Resource updated successfully',
          resource: (await detailAnswerOf(deps, (await resourceById(deps.db, row.id))!, viewer)).data,
        };
      },
    );

    app.put(
      '/admin/resources/update-sponsor-status',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Sponsor or unsponsor (400 past the sponsor limit)',
          body: z.object({ _id: z.string().max(100), sponsored: z.boolean(), reason: reasonText.optional() }),
          response: { 200: z.object({ error: z.literal(false), sponsored: z.boolean() }) },
        },
      },
      async (request) => {
        const { _id, sponsored, reason } = request.body;
        await deps.settle(
          (await deps.templates.lifecycle.setSponsored(_id, sponsored, reason?.trim() || null, actorOf(request.viewer!))).position,
        );
        return { error: false as const, sponsored };
      },
    );

    app.post(
      '/admin/resources/delete',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Delete a post permanently (admins)',
          body: z.object({ _id: z.string().max(100), reason: reasonText.optional() }),
          response: { 200: doneWithMessageSchema },
        },
      },
      async (request) => {
        await deps.settle(
          (
            await deps.templates.lifecycle.deletePermanently(
              request.body._id,
              request.body.reason?.trim() || null,
              reviewerOf(request.viewer!),
            )
          ).position,
        );
        return { error: false as const, message: TEMPLATE_MESSAGES.deleted };
      },
    );
  };
}
