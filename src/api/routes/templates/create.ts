import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { FORM_PROGRESS_FIELDS } from '../../../domain/templates/form-progress.js';
import {
  parsePriceText,
  POST_DEFAULTS,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  templateContentSchema,
} from '../../../domain/templates/rules.js';
import { takesCharges } from '../../../projections/read-models/commerce/queries.js';
import { resourceById } from '../../../projections/read-models/templates/queries.js';
import { actorOf } from '../../actors.js';
import { enforceLimit } from '../../rate-limits.js';
import type { TemplateRouteDeps } from './deps.js';
import { detailDataSchema, refusedSchema, suggestionSchema } from './schemas.js';
import { detailAnswerOf, imageList, invalidFieldsAnswer, tagList, tags } from './shared.js';

const createBody = z.object({
  type: z.string().optional(),
  topic: z.string().optional(),
  platform: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  url: z.string().optional(),
  instructions: z.string().optional(),
  tags: tagList.optional(),
  images: imageList.optional(),
  // Typed text is read as the forms read it, so 'abc' gets the price message; blank is free.
  price: z
    .union([z.number(), z.string().trim()])
    .transform((price) => (typeof price === 'number' ? price : price === '' ? 0 : parsePriceText(price)))
    .nullish(),
  // The form's touched flags at submit time: its progress report waits 2 s after the last change.
  formProgress: z.partialRecord(z.enum(FORM_PROGRESS_FIELDS), z.boolean()).optional(),
});

const created = z.object({ error: z.literal(false), message: z.string(), redirect: z.string(), resource: detailDataSchema.nullable() });

/** The create form: the post itself, the Fetch button's suggestions, and the form's progress for the funnel. */
export function createRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/resources',
      {
        config: { access: 'verified', tokenScope: 'write' },
        schema: {
          tags,
          summary: 'Create a post (verified users); it starts under review',
          body: createBody,
          response: { 201: created, 400: refusedSchema },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer!;
        const body = request.body;
        const parsed = templateContentSchema.safeParse({
          title: body.title ?? '',
          description: body.description ?? '',
          instructions: body.instructions ?? '',
          url: body.url ?? '',
          topic: body.type ?? body.topic ?? POST_DEFAULTS.type,
          platform: body.platform ?? POST_DEFAULTS.platform,
          keywords: body.tags ?? [],
          price: body.price ?? 0,
          imageUrls: body.images ?? [],
        });
        if (!parsed.success) return reply.status(400).send(invalidFieldsAnswer(parsed.error));
        // Selling needs a payout account with charges enabled (spec 6).
        if (parsed.data.price > 0 && !(await takesCharges(deps.db, viewer.userId))) {
          return reply.status(400).send({
            error: true,
            message: TEMPLATE_MESSAGES.payoutRequired,
            fields: [{ field: 'price', message: TEMPLATE_MESSAGES.payoutRequired }],
          });
        }
        const submitted = await deps.templates.lifecycle.submit(viewer.userId, parsed.data, actorOf(viewer), body.formProgress ?? {});
        await deps.settle(submitted.position);
        const row = await resourceById(deps.db, submitted.templateId);
        return reply.status(201).send({
          error: false,
          message: TEMPLATE_MESSAGES.created,
          redirect: `/resources/${submitted.titleUrl}`,
          resource: row ? (await detailAnswerOf(deps, row, viewer)).data : null,
        });
      },
    );

    for (const path of ['/resources/suggest', '/zapier/templateFromUrl']) {
      app.post(
        path,
        {
          config: { access: 'verified' },
          schema: {
            tags,
            summary: 'Suggest type, platform, title, description and instructions from a template URL',
            body: z.object({ url: z.string().max(TEMPLATE_LIMITS.url), text: z.string().max(2000).optional() }),
            response: { 200: suggestionSchema },
          },
        },
        async (request) => {
          await enforceLimit(request, 'pageSuggestionsPerUser', request.viewer!.userId);
          return deps.templates.suggester.suggest(request.body.url);
        },
      );
    }

    app.post(
      '/analytics/track-progress',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: "The create form's touched flags (sent 2 s after the last change), for the creation funnel",
          body: z.object({
            username: z.string().max(200).optional(),
            formProgress: z.partialRecord(z.enum(FORM_PROGRESS_FIELDS), z.boolean()),
          }),
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const flags = Object.fromEntries(
          Object.entries(request.body.formProgress).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
        );
        await deps.templates.lifecycle.trackFormProgress(viewer.userId, flags, actorOf(viewer));
        return { success: true as const };
      },
    );
  };
}
