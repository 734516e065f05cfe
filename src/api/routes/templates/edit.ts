import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import type { EditableContent } from '../../../domain/templates/events.js';
import { STATUS } from '../../../domain/templates/lifecycle.js';
import { CHANGE_NOTE_MAX, changeNoteSchema } from '../../../domain/templates/versions.js';
import { newPriceSchema, parsePriceText, TEMPLATE_MESSAGES, templateEditSchema } from '../../../domain/templates/rules.js';
import { approvedContentOf, withPendingEdit, type ResourceRow } from '../../../projections/read-models/templates/views.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import type { TemplateRouteDeps } from './deps.js';
import { refusedSchema, savedPostSchema, successSchema } from './schemas.js';
import {
  detailAnswerOf,
  idParams,
  ifMatchRevision,
  imageList,
  invalidFieldsAnswer,
  reasonText,
  requesterOf,
  tagList,
  tags,
  visibleRowById,
} from './shared.js';

const editBody = z.object({
  title: z.string().optional(),
  link: z.string().optional(),
  description: z.string().optional(),
  instructions: z.string().optional(),
  keywords: tagList.optional(),
  images: imageList.optional(),
  /** The author's note on what changed, shown in the changelog and told to buyers (at most CHANGE_NOTE_MAX characters). */
  changeNote: z
    .string()
    .max(10 * CHANGE_NOTE_MAX)
    .optional(),
  /** The content revision the editor opened (as the detail answer names it); the If-Match header may carry it instead. */
  revision: z.number().int().min(0).optional(),
});

/** The fields the form sent that differ from what the editor showed: the approved content with any waiting edit laid over it. */
function changesTo(row: ResourceRow, sent: Partial<EditableContent>): Partial<EditableContent> {
  const current = approvedContentOf(withPendingEdit(row));
  const changes: Partial<EditableContent> = {};
  for (const [field, value] of Object.entries(sent) as [keyof EditableContent, EditableContent[keyof EditableContent] | undefined][]) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current[field])) Object.assign(changes, { [field]: value });
  }
  return changes;
}

/** The author's changes to a post (author, admin or site owner): its content, a price request, its deletion. */
export function editRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/resources/:id',
      {
        config: { access: 'signed_in', tokenScope: 'write' },
        schema: {
          tags,
          summary: 'Edit a post (author, admin or site owner); it goes to under review edit',
          params: idParams,
          body: editBody,
          headers: z.object({ 'if-match': ifMatchRevision.optional() }),
          response: { 200: savedPostSchema, 400: refusedSchema },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer!;
        const row = await visibleRowById(deps, request.params.id, viewer);
        const { link, images, revision, changeNote, ...rest } = request.body;
        const parsed = templateEditSchema.safeParse({ ...rest, url: link, imageUrls: images });
        if (!parsed.success) return reply.status(400).send(invalidFieldsAnswer(parsed.error));
        const note = changeNoteSchema.safeParse(changeNote ?? '');
        if (!note.success) throw new HttpError(400, note.error.issues[0]!.message);
        const result = await deps.templates.lifecycle.edit(
          row.id,
          requesterOf(viewer),
          changesTo(row, parsed.data),
          actorOf(viewer),
          revision ?? request.headers['if-match'],
          note.data,
        );
        await deps.settle(result.position);
        const updated = await visibleRowById(deps, row.id, viewer);
        return {
          error: false as const,
          message:
            result.events.length === 0
              ? 'Nothing changed.'
              : updated.status === STATUS.underReviewEdit
                ? TEMPLATE_MESSAGES.sentForReapproval
                : TEMPLATE_MESSAGES.sentForReview,
          redirect: `/resources/${updated.title_url}`,
          resource: (await detailAnswerOf(deps, updated, viewer)).data,
        };
      },
    );

    app.put(
      '/resources/delete/:id',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'Delete a post (author, admin or site owner); refused once it was purchased',
          params: idParams,
          body: z.object({ reason: reasonText.optional() }).nullish(),
          response: { 200: z.object({ error: z.literal(false), message: z.string(), redirect: z.string() }) },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRowById(deps, request.params.id, viewer);
        await deps.settle(
          (await deps.templates.lifecycle.delete(row.id, requesterOf(viewer), request.body?.reason?.trim() || null, actorOf(viewer)))
            .position,
        );
        return { error: false as const, message: TEMPLATE_MESSAGES.deleted, redirect: '/shared-posts' };
      },
    );

    app.post(
      '/zapier',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'Request a price change from an admin (the spec path); the requester comes from the session, not the body',
          body: z.object({
            newPrice: z.unknown().optional(),
            resourceId: z.string().max(100),
            resourceTitle: z.string().max(200).optional(),
            userEmail: z.string().max(400).optional(),
            userName: z.string().max(200).optional(),
          }),
          response: { 200: successSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const newPrice = newPriceSchema.safeParse(
          typeof request.body.newPrice === 'string' ? parsePriceText(request.body.newPrice) : request.body.newPrice,
        );
        if (!newPrice.success) throw new HttpError(400, newPrice.error.issues[0]!.message);
        const row = await visibleRowById(deps, request.body.resourceId, viewer);
        // Asked for with or without a payout account (spec 2.2): an admin approves a paid price only once the author's account takes charges.
        await deps.settle(
          (await deps.templates.lifecycle.requestPriceChange(row.id, requesterOf(viewer), newPrice.data, actorOf(viewer))).position,
        );
        return { success: true as const, message: TEMPLATE_MESSAGES.priceChangeRequested };
      },
    );
  };
}
