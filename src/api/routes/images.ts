import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/shared/zod.js';
import type { AppDeps } from '../app.js';
import { IMAGE_MESSAGES, imageVariantWidth } from '../../domain/shared/images.js';
import { HttpError } from '../errors.js';

/** A stored name is unique to its content (and so is each width of it): browsers keep it for a year without asking again. */
const STORED_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Uploaded pictures, as stored or scaled to one of the variant widths (`?w=`). */
export function imageRoutes(deps: Pick<AppDeps, 'images'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/images/:name',
      {
        config: { access: 'anyone' },
        schema: {
          tags: ['images'],
          summary: 'An uploaded image, or a narrower copy of it with ?w=',
          params: z.object({ name: z.string().max(100) }),
          querystring: z.object({ w: z.string().max(10).optional() }),
          // The bytes go out as they are (a Buffer is never serialised): documented, not checked.
          response: { 200: z.instanceof(Buffer).describe('The image, image/webp') },
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const { w } = request.query;
        let bytes: Buffer | null;
        if (w === undefined) {
          bytes = await deps.images.read(name);
        } else {
          const width = imageVariantWidth(w);
          if (width === null) throw new HttpError(400, IMAGE_MESSAGES.unknownWidth);
          bytes = await deps.images.readVariant(name, width);
        }
        if (bytes === null) throw new HttpError(404, 'No such image.');
        return reply
          .type('image/webp')
          .header('Cache-Control', STORED_IMAGE_CACHE_CONTROL)
          .header('X-Content-Type-Options', 'nosniff')
          .send(bytes);
      },
    );
  };
}
