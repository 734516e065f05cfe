import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generatedFileRoutes } from './files.js';
import { generationJobRoutes, type GenerationJobDeps } from './jobs.js';
import { writerSettingsRoutes } from './writer-settings.js';

export { GENERATOR_GUEST_COOKIE } from './owner.js';

export type GeneratorRouteDeps = GenerationJobDeps;

/** The AI template generator: styles, follow-up questions, jobs and their files (generator-admin-site.md section 7). */
export function generatorRoutes(deps: GeneratorRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(writerSettingsRoutes(deps));
    await app.register(generationJobRoutes(deps));
    await app.register(generatedFileRoutes(deps));
  };
}
