import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import { resourceSchema } from './resources.js';
import type { Schema } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { EngagementService, MemberActor } from '../../commands/engagement/engagement-service.js';
import { ERASED_USER_NAME } from '../../domain/accounts/rules.js';
import { COMMENTS_PAGE, ENGAGEMENT_MESSAGES } from '../../domain/engagement/rules.js';
import { commentSchema, reportSchema } from '../../domain/engagement/schemas.js';
import type { EngagedResourceView } from '../../domain/engagement/views.js';
import { DomainError } from '../../domain/shared/events.js';
import type { Viewer } from '../access.js';
import { HttpError } from '../errors.js';
import { enforceLimit, withinLimit } from '../rate-limits.js';
import { commentById, commentsPage, engagedResource, reportsPage } from '../../projections/read-models/engagement/queries.js';
import { actorOf } from '../actors.js';

export interface EngagementRouteDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  engagement: EngagementService;
  /** Waits (bounded) until the read models show a command's effect: read-your-writes. */
  settle(position: bigint | null): Promise<void>;
}

/** Reports shown per page of the admin list. */
export const REPORTS_PAGE_SIZE = 50;

const idParams = z.object({ id: z.string().min(1).max(100) });
const authorSchema = z.object({ _id: z.string(), username: z.string(), erased: z.boolean(), info: z.object({ displayName: z.string().nullable(), thumbnail: z.string().nullable() }) });
export const engagedResourceSchema = resourceSchema.extend({
  prevActions: z.object({ has_liked: z.boolean(), has_saved: z.boolean(), has_flagged: z.boolean() }),
  analytics: z.object({ pageViews: z.object({ total: z.number() }), clicks: z.number() }),
  comments: z.number(),
}) satisfies z.ZodType<EngagedResourceView>;
const rscAnswer = z.object({ rsc: engagedResourceSchema });
const toggleBody = z.object({ on: z.boolean().optional() });
const commentViewSchema = z.object({ _id: z.string(), message: z.string(), author: authorSchema, _dateCreated: z.string() });
const commentPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE.maxSize).default(COMMENTS_PAGE.size),
  // A log position: digits only, below 2^63 (what a bigint column holds).
  before: z.string().regex(/^[1-9]\d{0,17}$/u, COMMENTS_PAGE.badCursor).optional(),
});

function member(request: FastifyRequest): { viewer: Viewer; actor: MemberActor } {
  const viewer = request.viewer;
  if (viewer === null) throw new HttpError(401, 'Please log in to continue.');
  return { viewer, actor: { ...actorOf(viewer), userId: viewer.userId } };
}

/**
 * Likes, saves, red flags, clicks, views, comments and reports (posts-payments-rewards.md
 * sections 2.3, 2.11, 7). The spec's GETs that change state are POSTs here (DESIGN.md, API);
 * view counting is POST /resources/view/{id}, so the detail reads (GET /resources/view/{titleUrl},
 * GET /resources/viewById/{id}, in routes/templates.ts) change nothing.
 */
export function engagementRoutes(deps: EngagementRouteDeps): FastifyPluginAsyncZod {
  async function answerWith(templateId: string, viewer: Viewer | null, position: bigint | null) {
    await deps.settle(position);
    const rsc = await engagedResource(deps.db, deps.vault, templateId, viewer?.userId ?? null);
    if (!rsc) throw new DomainError('not_found', ENGAGEMENT_MESSAGES.postDoesNotExist);
    return { rsc };
  }

  return async (app) => {
    const tags = ['engagement'];
    const toggles = [
      { path: '/resources/like/:id', summary: 'Give or take back kudos (a like)', act: deps.engagement.toggleLike },
      { path: '/resources/save/:id', summary: 'Save or unsave a template', act: deps.engagement.toggleSave },
      { path: '/resources/flag/:id', summary: 'Raise or lower a red flag on a template', act: deps.engagement.toggleFlag },
    ] as const;
    for (const toggle of toggles) {
      app.post(
        toggle.path,
        {
          config: { access: 'signed_in' },
          // Fastify validates an absent body as null: no body flips the toggle, as the spec's GETs did.
          schema: { tags, summary: `${toggle.summary}; { "on": true | false } sets it instead of flipping it`, params: idParams, body: toggleBody.nullish(), response: { 200: rscAnswer } },
        },
        async (request) => {
          const { viewer, actor } = member(request);
          const result = await toggle.act.call(deps.engagement, request.params.id, actor, request.body?.on);
          return answerWith(request.params.id, viewer, result.position);
        },
      );
    }

    app.post(
      '/resources/clicked/:id',
      { config: { access: 'signed_in' }, schema: { tags, summary: "Count a click on the template's link", params: idParams, response: { 200: rscAnswer } } },
      async (request) => {
        const { viewer, actor } = member(request);
        const result = await deps.engagement.recordClick(request.params.id, actor);
        return answerWith(request.params.id, viewer, result.position);
      },
    );

    app.post(
      '/resources/view/:id',
      { config: { access: 'anyone' }, schema: { tags, summary: 'Count a view of the detail page', params: idParams, response: { 200: rscAnswer } } },
      async (request) => {
        const viewer = request.viewer;
        const actor = viewer ? actorOf(viewer) : { userId: null, role: 'anonymous' as const };
        // Beyond the limit an anonymous view is still answered, just not counted: nobody inflates a post's views from one address.
        if (viewer === null && !(await withinLimit(request, 'anonymousViewsPerAddress', request.ip)).allowed) {
          await deps.engagement.engageableTemplate(request.params.id);
          return answerWith(request.params.id, viewer, null);
        }
        const result = await deps.engagement.recordView(request.params.id, viewer?.userId ?? null, actor);
        return answerWith(request.params.id, viewer, result.position);
      },
    );

    app.get(
      '/comments/resource/:id',
      {
        config: { access: 'anyone', publicCache: ['templates', 'users', 'engagement'] },
        schema: {
          tags,
          summary: `A post's comments, newest first, ${COMMENTS_PAGE.size} at a time (limit up to ${COMMENTS_PAGE.maxSize}); nextCursor as before asks for the older ones`,
          params: idParams,
          querystring: commentPageQuery,
          response: { 200: z.object({ comments: z.array(commentViewSchema), total: z.number().int(), nextCursor: z.string().nullable() }) },
        },
      },
      async (request) => {
        await deps.engagement.engageableTemplate(request.params.id);
        const { before, limit } = request.query;
        return commentsPage(deps.db, deps.vault, request.params.id, { before: before === undefined ? null : BigInt(before), limit });
      },
    );

    app.post(
      '/comments/resource/:id',
      {
        config: { access: 'signed_in' },
        schema: { tags, summary: 'Comment on a post; the text is kept exactly as typed', params: idParams, body: commentSchema, response: { 201: z.object({ comment: commentViewSchema }) } },
      },
      async (request, reply) => {
        const { actor } = member(request);
        await enforceLimit(request, 'commentsPerUser', actor.userId);
        const posted = await deps.engagement.postComment(request.params.id, request.body.message, actor);
        await deps.settle(posted.position);
        const comment = await commentById(deps.db, deps.vault, posted.commentId);
        if (!comment) throw new HttpError(503, 'The comment was posted but is not shown yet. Please reload in a moment.');
        return reply.status(201).send({ comment });
      },
    );

    app.post(
      '/resources/reportPost',
      {
        config: { access: 'signed_in' },
        schema: { tags, summary: 'Report a post to the moderators (not for its author)', body: reportSchema, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } },
      },
      async (request) => {
        const { actor } = member(request);
        await enforceLimit(request, 'reportsPerUser', actor.userId);
        const reported = await deps.engagement.report(request.body, actor);
        await deps.settle(reported.position);
        return { success: true as const, message: 'Thank you. The report was sent to our moderators.' };
      },
    );

    app.get(
      '/admin/reports',
      {
        config: { access: 'admin' },
        schema: { tags: ['admin'], summary: 'Reports of posts, newest first', querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }) },
      },
      async (request) => {
        const page = request.query.page;
        const { rows, total } = await reportsPage(deps.db, page, REPORTS_PAGE_SIZE);
        const reports = await Promise.all(
          rows.map(async (row) => {
            // An erased reporter's key is gone: their name, address and message with it.
            const open = (ciphertext: string) => deps.vault.decrypt(row.reporter_id, ciphertext);
            return {
              _id: row.id,
              resourceId: row.template_id,
              resource: row.title === null ? null : { title: row.title, titleUrl: row.title_url, status: row.status },
              reporter: { _id: row.reporter_id, username: row.erased ? ERASED_USER_NAME : row.username },
              name: await open(row.name_enc),
              email: await open(row.email_enc),
              message: await open(row.message_enc),
              reason: row.reason,
              dateReported: row.created_at.toISOString(),
            };
          }),
        );
        return { reports, total, page, pageSize: REPORTS_PAGE_SIZE };
      },
    );
  };
}
