import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../../domain/shared/events.js';
import { z } from '../../../domain/shared/zod.js';
import type { Viewer } from '../../access.js';
import { actorOf as actorOfViewer } from '../../actors.js';

export const successAnswer = z.object({ success: z.literal(true), message: z.string() });

export function viewerOf(request: FastifyRequest): Viewer | null {
  // Until the access hook fills it, the property is absent: treat that as anonymous.
  return request.viewer ?? null;
}

export function actorOf(viewer: Viewer | null): Actor {
  return viewer === null ? { userId: null, role: 'anonymous' } : actorOfViewer(viewer);
}
