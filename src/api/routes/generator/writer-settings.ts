import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GenerationUseCases } from '../../../commands/generator/generation.js';
import { GENERATOR, SLIDE_STYLES } from '../../../domain/generator/rules.js';
import { z } from '../../../domain/shared/zod.js';

/** What the generator page shows before anything is asked: who writes, the slide styles, the admins' defaults. */
export function writerSettingsRoutes(deps: { generation: GenerationUseCases }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ai/status',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Whether a model writes (Powered by GPT) or the offline outline does, and the version label',
          tags: ['generator'],
          response: { 200: z.object({ mode: z.enum(['model', 'offline']), versionLabel: z.string() }) },
        },
      },
      async () => ({ mode: deps.generation.writerMode(), versionLabel: GENERATOR.versionLabel }),
    );

    app.get(
      '/ai/templates/list',
      {
        config: { access: 'anyone' },
        schema: {
          summary: 'Slide styles for the rail, the default first',
          tags: ['generator'],
          response: { 200: z.array(z.object({ id: z.string(), name: z.string(), thumbUrl: z.string() })) },
        },
      },
      async () => SLIDE_STYLES.map(({ id, name, thumbUrl }) => ({ id, name, thumbUrl })),
    );

    app.get(
      '/ai/templates/slides/defaults',
      {
        config: { access: 'admin' },
        schema: {
          summary: 'The default prompt template and hints, for the admins’ override editors',
          tags: ['generator'],
          response: { 200: z.object({ defaultPromptTemplate: z.string(), defaultHints: z.record(z.string(), z.unknown()) }) },
        },
      },
      async () => deps.generation.defaults,
    );
  };
}
