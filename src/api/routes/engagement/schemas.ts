import type { FastifyRequest } from 'fastify';
import type { MemberActor } from '../../../commands/engagement/engagement-service.js';
import { COMMENTS_PAGE } from '../../../domain/engagement/rules.js';
import type { EngagedResourceView } from '../../../domain/engagement/views.js';
import { z } from '../../../domain/shared/zod.js';
import type { Viewer } from '../../access.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import { resourceSchema } from '../resources.js';

export const idParams = z.object({ id: z.string().min(1).max(100) });
const authorSchema = z.object({
  _id: z.string(),
  username: z.string(),
  erased: z.boolean(),
  info: z.object({ displayName: z.string().nullable(), thumbnail: z.string().nullable() }),
});
export const engagedResourceSchema = resourceSchema.extend({
  prevActions: z.object({ has_liked: z.boolean(), has_saved: z.boolean(), has_flagged: z.boolean() }),
  analytics: z.object({ pageViews: z.object({ total: z.number() }), clicks: z.number() }),
  comments: z.number(),
}) satisfies z.ZodType<EngagedResourceView>;
export const rscAnswer = z.object({ rsc: engagedResourceSchema });
export const commentViewSchema = z.object({ _id: z.string(), message: z.string(), author: authorSchema, _dateCreated: z.string() });
export const commentPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE.maxSize).default(COMMENTS_PAGE.size),
  // A log position: digits only, below 2^63 (what a bigint column holds).
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/u, COMMENTS_PAGE.badCursor)
    .optional(),
});

/** The signed-in viewer and the actor their events record; 401 for anyone else. */
export function member(request: FastifyRequest): { viewer: Viewer; actor: MemberActor } {
  const viewer = request.viewer;
  if (viewer === null) throw new HttpError(401, 'Please log in to continue.');
  return { viewer, actor: { ...actorOf(viewer), userId: viewer.userId } };
}
