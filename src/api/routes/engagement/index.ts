import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentRoutes } from './comments.js';
import { reactionRoutes, type EngagementRouteDeps } from './reactions.js';
import { reportRoutes } from './reports.js';

export type { EngagementRouteDeps } from './reactions.js';
export { engagedResourceSchema } from './schemas.js';

/**
 * Likes, saves, red flags, clicks, views, comments and reports (posts-payments-rewards.md
 * sections 2.3, 2.11, 7). The spec's GETs that change state are POSTs here (DESIGN.md, API);
 * view counting is POST /resources/view/{id}, so the detail reads (GET /resources/view/{titleUrl},
 * GET /resources/viewById/{id}, in routes/templates/view.ts) change nothing.
 */
export function engagementRoutes(deps: EngagementRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(reactionRoutes(deps));
    await app.register(commentRoutes(deps));
    await app.register(reportRoutes(deps));
  };
}
