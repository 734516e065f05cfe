import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/shared/zod.js';
import { TEMPLATE_MESSAGES } from '../../domain/templates/rules.js';
import type { AppServices } from '../../composition/services.js';
import { HttpError } from '../errors.js';

/** A card changes only with its post's title, topic, app or price: shared caches may keep it an hour. */
const SOCIAL_CARD_CACHE_CONTROL = 'public, max-age=3600';

/** The card a public post's page names as og:image when the post has no picture of its own. */
export function socialCardRoutes(deps: { socialCardOf: AppServices['templates']['socialCardOf'] }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/resources/:titleUrl/card.png',
      {
        config: { access: 'anyone' },
        schema: {
          tags: ['crawlers'],
          summary: "A public post's social card, 1200×630 PNG; 404 for a post that is not public",
          params: z.object({ titleUrl: z.string().max(200) }),
          // The bytes go out as they are (a Buffer is never serialised): documented, not checked.
          response: { 200: z.instanceof(Buffer).describe('The card, image/png') },
        },
      },
      async (request, reply) => {
        const png = await deps.socialCardOf(request.params.titleUrl);
        if (png === null) throw new HttpError(404, TEMPLATE_MESSAGES.doesNotExist);
        return reply
          .type('image/png')
          .header('Cache-Control', SOCIAL_CARD_CACHE_CONTROL)
          .header('X-Content-Type-Options', 'nosniff')
          .send(png);
      },
    );
  };
}
