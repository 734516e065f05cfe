import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Infrastructure } from './infrastructure.js';
import { errorHandler } from './errors.js';
import { healthRoutes } from './routes/health.js';
import { discoveryRoutes } from './routes/discovery.js';
import { resourceRoutes } from './routes/resources.js';
import { searchRoutes } from './routes/search.js';

export type AppDeps = Pick<Infrastructure, 'database' | 'vault' | 'runner' | 'adapters' | 'search' | 'commands'> & {
  /** The built web app (vite build output); served with a fallback to index.html for client routes. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
};

/** The HTTP application without listening: tests drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 1_048_576 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Tessera API', version: '0.1.0', description: 'Community marketplace of ready-to-use templates' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ runner: deps.runner, adapters: deps.adapters }));
      await api.register(resourceRoutes({ db: deps.database.db, vault: deps.vault }));
      await api.register(searchRoutes({ db: deps.database.db, vault: deps.vault, search: deps.search, commands: deps.commands }));
      await api.register(discoveryRoutes({ db: deps.database.db, vault: deps.vault }));
      api.setNotFoundHandler((request, reply) => reply.status(404).send({ error: true, message: `No API route ${request.method} ${request.url}` }));
    },
    { prefix: '/api' },
  );

  const webRoot = deps.webRoot;
  if (webRoot && existsSync(join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false });
    // Client-side routes (and unknown paths, which the app shows as its 404 page) get the app.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ error: true, message: 'Not found' });
      return reply.type('text/html').sendFile('index.html');
    });
  }
  return app;
}
