import { parseArgs } from 'node:util';
import { configFromEnv } from '../api/config.js';
import { openInfrastructure } from '../api/infrastructure.js';
import { seedCatalogue } from './demo-catalogue.js';

const USAGE = 'Usage: npm run seed -- --users N --templates M [--seed S]';

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number ≥ 0, got "${value}".\n${USAGE}`);
  return parsed;
}

/** Generates a catalogue through the ordinary commands; the same --seed gives the same catalogue. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { users: { type: 'string' }, templates: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
  });
  const size = {
    users: positiveInteger('users', values.users, 100),
    templates: positiveInteger('templates', values.templates, 1000),
    seed: positiveInteger('seed', values.seed, 1),
  };
  const infrastructure = await openInfrastructure(configFromEnv());
  try {
    const startedAt = performance.now();
    let lastLine = 0;
    await seedCatalogue(infrastructure, size, (progress) => {
      const now = Date.now();
      if (now - lastLine >= 1000 || progress.done === progress.total) {
        console.log(`${progress.phase}: ${progress.done} / ${progress.total}`);
        lastLine = now;
      }
    });
    console.log(`Seeded ${size.users} users and ${size.templates} templates (seed ${size.seed}) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
    console.log('Read models catch up when the server (or `npm run projections -- rebuild --all`) runs.');
  } finally {
    await infrastructure.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
