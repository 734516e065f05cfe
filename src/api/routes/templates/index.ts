import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEditRoutes } from './admin-edit.js';
import { bulkImportRoutes } from './bulk-import.js';
import { createRoutes } from './create.js';
import type { TemplateRouteDeps } from './deps.js';
import { editRoutes } from './edit.js';
import { historyRoutes } from './history.js';
import { reviewRoutes } from './review.js';
import { screenshotRoutes } from './screenshots.js';
import { versionChoiceRoutes, versionRoutes } from './versions.js';
import { viewRoutes } from './view.js';
import { visibilityRoutes } from './visibility.js';

export type { TemplateRouteDeps } from './deps.js';

/** Posts: create, view, edit and delete, screenshots, history; the admin portal's review, corrections and bulk import. */
export function templateRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const routes of [
      createRoutes,
      screenshotRoutes,
      viewRoutes,
      editRoutes,
      historyRoutes,
      visibilityRoutes,
      reviewRoutes,
      adminEditRoutes,
      bulkImportRoutes,
      versionRoutes,
      versionChoiceRoutes,
    ]) {
      await app.register(routes(deps));
    }
  };
}
