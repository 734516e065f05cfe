import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EngagementService } from '../../../commands/engagement/engagement-service.js';
import { ENGAGEMENT_MESSAGES } from '../../../domain/engagement/rules.js';
import { DomainError } from '../../../domain/shared/events.js';
import { z } from '../../../domain/shared/zod.js';
import { engagedResource } from '../../../projections/read-models/engagement/queries.js';
import type { Viewer } from '../../access.js';
import { actorOf } from '../../actors.js';
import { withinLimit } from '../../rate-limits.js';
import type { ReadModelDb, Settle, Vault } from '../route-deps.js';
import { idParams, member, rscAnswer } from './schemas.js';

export interface EngagementRouteDeps {
  db: ReadModelDb;
  vault: Vault;
  engagement: EngagementService;
  settle: Settle;
}

const toggleBody = z.object({ on: z.boolean().optional() });

/** Likes, saves, red flags, clicks and views: each answers the post as the viewer now sees it. */
export function reactionRoutes(deps: EngagementRouteDeps): FastifyPluginAsyncZod {
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
          schema: {
            tags,
            summary: `${toggle.summary}; { "on": true | false } sets it instead of flipping it`,
            params: idParams,
            body: toggleBody.nullish(),
            response: { 200: rscAnswer },
          },
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
      {
        config: { access: 'signed_in' },
        schema: { tags, summary: "Count a click on the template's link", params: idParams, response: { 200: rscAnswer } },
      },
      async (request) => {
        const { viewer, actor } = member(request);
        const result = await deps.engagement.recordClick(request.params.id, actor);
        return answerWith(request.params.id, viewer, result.position);
      },
    );

    app.post(
      '/resources/view/:id',
      {
        config: { access: 'anyone' },
        schema: { tags, summary: 'Count a view of the detail page', params: idParams, response: { 200: rscAnswer } },
      },
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
  };
}
