import { z } from '../../../domain/shared/zod.js';
import type { Actor } from '../../../domain/shared/events.js';
import type { Requester } from '../../../domain/templates/decider.js';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../domain/templates/rules.js';
import { mayViewTemplate, templateDetail } from '../../../projections/read-models/templates/detail.js';
import { resourceById } from '../../../projections/read-models/templates/queries.js';
import type { ResourceRow } from '../../../projections/read-models/templates/views.js';
import type { Viewer } from '../../access.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import type { TemplateRouteDeps } from './deps.js';

/* What the template routes share: parameters, who is asking, and the post they may see. */

export const tags = ['resources'];
export const adminTags = ['admin'];

export const idParams = z.object({ id: z.string().max(100) });

/** An ETag-style revision: "3", W/"3" or 3. */
export const ifMatchRevision = z
  .string()
  .max(40)
  .regex(/^(W\/)?"?\d{1,9}"?$/u, 'If-Match must name a content revision, like "3".')
  .transform((value) => Number(value.replace(/\D/gu, '')));

/** Spec images come as strings or {imageUrl, order}; only images uploaded here (and still stored) are accepted. */
export const imageList = z
  .array(z.union([z.string(), z.object({ imageUrl: z.string(), order: z.number().optional() })]))
  .max(TEMPLATE_LIMITS.images, `At most ${TEMPLATE_LIMITS.images} screenshots`)
  .transform((images) =>
    images
      .map((image, index) =>
        typeof image === 'string' ? { imageUrl: image, order: index } : { imageUrl: image.imageUrl, order: image.order ?? index },
      )
      .sort((a, b) => a.order - b.order)
      .map((image) => image.imageUrl),
  );
/** Spec tags come as strings or {value, label}. */
export const tagList = z
  .array(z.union([z.string(), z.object({ value: z.string().optional(), label: z.string().optional() })]))
  .transform((tags) => tags.map((tag) => (typeof tag === 'string' ? tag : (tag.value ?? tag.label ?? ''))));

export const reasonText = z.string().max(TEMPLATE_LIMITS.reason, `A reason must be at most ${TEMPLATE_LIMITS.reason} characters`);

/** An admin's test-user session asks as a base user. */
export function requesterOf(viewer: Viewer): Requester {
  return { userId: viewer.userId, lvl: viewer.impersonatedBy === null ? viewer.lvl : 'base' };
}

export function reviewerOf(viewer: Viewer): Actor & { userId: string } {
  return { ...actorOf(viewer), userId: viewer.userId };
}

export const notFound = () => new HttpError(404, TEMPLATE_MESSAGES.doesNotExist);

/** A row the viewer may see, else 'This post does not exist' — whether it is missing or hidden from them. */
export function visibleRow(row: ResourceRow | undefined, viewer: Viewer | null): ResourceRow {
  if (!row || !mayViewTemplate(row, viewer)) throw notFound();
  return row;
}

/** The post by id if the viewer may see it. */
export async function visibleRowById(deps: Pick<TemplateRouteDeps, 'db'>, id: string, viewer: Viewer | null): Promise<ResourceRow> {
  return visibleRow(await resourceById(deps.db, id), viewer);
}

/** The detail answer (GET /resources/{titleUrl}) for this viewer. */
export async function detailAnswerOf(deps: Pick<TemplateRouteDeps, 'db' | 'vault'>, row: ResourceRow, viewer: Viewer | null) {
  const answer = await templateDetail(deps.db, deps.vault, row, viewer);
  if (!answer) throw notFound();
  return answer;
}

export type ValidationProblem = { field: string; message: string };

/** A 400 naming each refused field, as the create and edit forms show them. */
export function invalidFieldsAnswer(error: z.ZodError): { error: true; message: string; fields: ValidationProblem[] } {
  const fields = error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  return { error: true, message: `${TEMPLATE_MESSAGES.fieldsInvalid}: ${fields.map((problem) => problem.message).join('; ')}`, fields };
}
