import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayManagePost } from '../../../domain/accounts/access.js';
import { TRAIL_MESSAGES } from '../../../domain/audit/trail.js';
import { z } from '../../../domain/shared/zod.js';
import { TEMPLATE_MESSAGES } from '../../../domain/templates/rules.js';
import type { AppServices } from '../../../composition/services.js';
import { HttpError } from '../../errors.js';
import type { ReadModelDb } from '../route-deps.js';
import { idParams, visibleRowById } from '../templates/shared.js';

export interface AuditRouteDeps {
  db: ReadModelDb;
  audit: AppServices['audit'];
}

const hex = z.string().regex(/^[0-9a-f]{64}$/u);
const chainHeadSchema = z.object({
  position: z.string().meta({ description: 'Log position of the last linked event', example: '48213' }),
  hash: hex.meta({ description: 'SHA-256 chain hash at that position (hex)' }),
});
const trailSchema = z.object({
  resourceId: z.string(),
  title: z.string(),
  head: chainHeadSchema.nullable(),
  entries: z.array(
    z.object({
      position: z.string(),
      at: z.string(),
      type: z.string(),
      title: z.string(),
      actorRole: z.string(),
      reason: z.string().nullable(),
      link: z.object({ position: z.string(), previousHash: hex, digest: hex, hash: hex }).nullable(),
    }),
  ),
});

/** The audit chain's head for anyone to write down, and a post's trail of decisions for its author and admins. */
export function auditRoutes(deps: AuditRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit/head',
      {
        config: { access: 'anyone' },
        schema: {
          tags: ['audit'],
          summary:
            "The audit chain's head: publish or write it down; `npm run audit -- verify --head <position>:<hash>` proves nothing before it changed",
          response: { 200: chainHeadSchema },
        },
      },
      async () => {
        if (!deps.audit.available) throw new HttpError(404, TRAIL_MESSAGES.notAvailable);
        const head = await deps.audit.head();
        if (!head) throw new HttpError(404, TRAIL_MESSAGES.emptyLog);
        return head;
      },
    );

    app.get(
      '/resources/:id/trail',
      {
        config: { access: 'signed_in' },
        schema: {
          tags: ['audit'],
          summary: 'Every moderation and money decision on my post, with its place in the audit chain (author and admins)',
          params: idParams,
          response: { 200: trailSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRowById(deps, request.params.id, viewer);
        if (!mayManagePost(viewer, row.author_id)) throw new HttpError(403, TEMPLATE_MESSAGES.unauthorized);
        return deps.audit.trail({ id: row.id, title: row.title });
      },
    );
  };
}
