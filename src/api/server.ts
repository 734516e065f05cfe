import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { START_OF_LOG } from '../adapters/eventstore/port.js';
import { DEMO_CATALOGUE, seedCatalogue } from '../commands/demo-catalogue.js';
import { buildApp } from './app.js';
import { configFromEnv, type Config } from '../composition/config.js';
import { openInfrastructure } from '../composition/infrastructure.js';

const WEB_ROOT = resolve(fileURLToPath(new URL('../../dist/web', import.meta.url)));

/** The composition root: adapters from the environment, projections running, the app listening. */
export async function startServer(config: Config, log: (line: string) => void = console.log) {
  const infrastructure = await openInfrastructure(config, { log });
  try {
    log(`event store: ${infrastructure.adapters.eventStore}`);
    log(`read models: ${infrastructure.adapters.database}`);
    log(`search: ${infrastructure.adapters.search}`);

    if ((await infrastructure.store.headPosition()) === START_OF_LOG) {
      log(`empty event store: creating the demo catalogue (${DEMO_CATALOGUE.users} users, ${DEMO_CATALOGUE.templates} templates)`);
      await seedCatalogue(infrastructure, DEMO_CATALOGUE);
    }
    await infrastructure.runner.start();
    await infrastructure.search.start();
    infrastructure.rewards.start();
    infrastructure.moderation.start();

    const app = await buildApp({
      ...infrastructure,
      webRoot: WEB_ROOT,
      blog: config.blogFeedUrl ? { feedUrl: config.blogFeedUrl } : {},
      log: { level: config.logLevel },
      trustProxy: config.trustProxy,
    });
    const address = await app.listen({ port: config.port, host: '0.0.0.0' });
    log(`Tessera is listening on ${address.replace('0.0.0.0', 'localhost')}`);
    return {
      address,
      async close() {
        await app.close();
        await infrastructure.close();
      },
    };
  } catch (error) {
    await infrastructure.close();
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startServer(configFromEnv()).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
  }
}
