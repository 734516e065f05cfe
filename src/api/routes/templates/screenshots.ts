import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '../../../domain/shared/images.js';
import { actorOf } from '../../actors.js';
import { HttpError } from '../../errors.js';
import { enforceLimit } from '../../rate-limits.js';
import { uploadReadError } from '../../uploads.js';
import type { TemplateRouteDeps } from './deps.js';
import { doneSchema } from './schemas.js';
import { idParams, requesterOf, tags, visibleRowById } from './shared.js';

/** A post's screenshots: uploaded one at a time before the post is saved, and cleared all at once. */
export function screenshotRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/images',
      {
        config: { access: 'verified' },
        schema: {
          tags,
          summary: 'Upload a post screenshot (multipart field "image"); re-encoded to WebP of at most 1 MB',
          querystring: z.object({ imagePostUpload: z.enum(['true', 'false']).optional() }),
          response: { 200: z.object({ Location: z.string().describe('The stored screenshot, /api/images/….webp') }) },
        },
      },
      async (request) => {
        await enforceLimit(request, 'uploadsPerUser', request.viewer!.userId);
        let file;
        try {
          file = await request.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, parts: 5 } });
        } catch {
          throw new HttpError(400, 'Please send the screenshot as multipart/form-data in the field "image".');
        }
        if (!file || file.fieldname !== 'image') throw new HttpError(400, 'Please send the screenshot in the field "image".');
        const upload = await file.toBuffer().catch((error: unknown) => {
          throw uploadReadError(error);
        });
        if (file.file.truncated) throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
        return { Location: await deps.images.store(upload, file.filename) };
      },
    );

    app.put(
      '/resources/images/clear/:id',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: "Remove a post's screenshots (author, admin or site owner)",
          params: idParams,
          response: { 200: doneSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await visibleRowById(deps, request.params.id, viewer);
        await deps.settle((await deps.templates.lifecycle.clearImages(row.id, requesterOf(viewer), actorOf(viewer))).position);
        return { error: false as const };
      },
    );
  };
}
