import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GenerationUseCases } from '../../../commands/generator/generation.js';
import type { Settle } from '../route-deps.js';
import { generatedFileRoutes } from './files.js';
import { generationJobRoutes } from './jobs.js';
import type { GenerationOwnership } from './owner.js';
import { writerSettingsRoutes } from './writer-settings.js';

export { GENERATOR_GUEST_COOKIE } from './owner.js';

export type GeneratorRouteDeps = GenerationOwnership & { generation: GenerationUseCases; settle: Settle };

/** The AI template generator: styles, follow-up questions, jobs and their files (generator-admin-site.md section 7). */
export function generatorRoutes(deps: GeneratorRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(writerSettingsRoutes(deps));
    await app.register(generationJobRoutes(deps));
    await app.register(generatedFileRoutes(deps));
  };
}
