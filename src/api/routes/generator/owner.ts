import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationOwner } from '../../../domain/generator/events.js';
import { GENERATOR_MESSAGES, type GenerationKind } from '../../../domain/generator/rules.js';
import { z } from '../../../domain/shared/zod.js';
import { generationJob } from '../../../projections/read-models/generations/queries.js';
import { HttpError } from '../../errors.js';
import { guestIdOf } from '../../guest-cookie.js';
import type { ReadModelDb, Vault } from '../route-deps.js';

/** A guest's generator cookie: a random id, so only the browser that asked can poll its job. */
export const GENERATOR_GUEST_COOKIE = 'tessera_generator';

export const isUuid = (value: string) => z.uuid().safeParse(value).success;

export interface GenerationOwnership {
  db: ReadModelDb;
  vault: Vault;
  secureCookies: boolean;
}

/** The owner of what this request generates: the user, or a keyed digest of the guest's cookie (set on first use when `reply` is given). */
export async function ownerOf(
  deps: GenerationOwnership,
  request: FastifyRequest,
  reply: FastifyReply | null,
): Promise<GenerationOwner | null> {
  if (request.viewer) return { userId: request.viewer.userId, guestKey: null };
  const guestId = guestIdOf(request, reply, { name: GENERATOR_GUEST_COOKIE, path: '/api/ai', secure: deps.secureCookies });
  if (guestId === null) return null;
  return { userId: null, guestKey: await deps.vault.blindIndex(`generator-guest:${guestId}`) };
}

/** The caller's own job of that kind: 404 when unknown or of the other kind, 403 when someone else's. */
export async function ownJob(deps: GenerationOwnership, request: FastifyRequest, jobId: string, kind: GenerationKind) {
  const job = isUuid(jobId) ? await generationJob(deps.db, jobId) : null;
  if (!job) throw new HttpError(404, GENERATOR_MESSAGES.unknownJob);
  const owner = await ownerOf(deps, request, null);
  const mine = owner !== null && (owner.userId !== null ? job.owner_user_id === owner.userId : job.owner_guest_key === owner.guestKey);
  if (!mine) throw new HttpError(403, GENERATOR_MESSAGES.notYourJob);
  if (job.kind !== kind) throw new HttpError(404, GENERATOR_MESSAGES.wrongJobKind(kind));
  return job;
}
