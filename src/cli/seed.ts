import { parseArgs } from 'node:util';
import { asksForHelp } from './help.js';
import { configFromEnv } from '../composition/config.js';
import { openInfrastructure } from '../composition/infrastructure.js';
import { seedCatalogue, seedCatalogueInBulk } from '../composition/demo-catalogue.js';

const USAGE = 'Usage: npm run seed -- --users N --templates M [--seed S] [--like-chance P] [--bulk]';

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number ≥ 0, got "${value}".\n${USAGE}`);
  return parsed;
}

function probability(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!(parsed >= 0 && parsed <= 1)) throw new Error(`--like-chance must be a number from 0 to 1, got "${value}".\n${USAGE}`);
  return parsed;
}

/** Generates a catalogue through the ordinary commands; the same --seed gives the same catalogue. */
async function main(): Promise<void> {
  if (asksForHelp(process.argv.slice(2))) {
    console.log(USAGE);
    return;
  }
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      templates: { type: 'string' },
      seed: { type: 'string' },
      'like-chance': { type: 'string' },
      // Large catalogues: every stream decided in memory and written at once (see seedCatalogueInBulk).
      bulk: { type: 'boolean' },
    },
    strict: true,
  });
  const size = {
    users: positiveInteger('users', values.users, 100),
    templates: positiveInteger('templates', values.templates, 1000),
    seed: positiveInteger('seed', values.seed, 1),
    likeChance: probability(values['like-chance']),
  };
  const infrastructure = await openInfrastructure(configFromEnv());
  try {
    const startedAt = performance.now();
    let lastLine = 0;
    const seed = values.bulk ? seedCatalogueInBulk : seedCatalogue;
    await seed(infrastructure, size, {
      onProgress(progress) {
        const now = Date.now();
        if (now - lastLine >= 1000 || progress.done === progress.total) {
          console.log(`${progress.phase}: ${progress.done} / ${progress.total}`);
          lastLine = now;
        }
      },
    });
    console.log(
      `Seeded ${size.users} users and ${size.templates} templates (seed ${size.seed}) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`,
    );
    console.log('Read models catch up when the server (or `npm run projections -- rebuild --all`) runs.');
  } finally {
    await infrastructure.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
