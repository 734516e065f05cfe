import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoTemplateId, demoUserId, seedCatalogue, type CatalogueSize } from '../../src/composition/demo-catalogue.js';
import { openInfrastructure, type Infrastructure } from '../../src/composition/infrastructure.js';
import { likeDecider } from '../../src/domain/engagement/decider.js';
import { likeStream } from '../../src/domain/engagement/events.js';
import { dropSchema } from '../fixtures/databases.js';
import { CpuMeter, type CpuSeconds } from './measure.js';

/** The catalogue the likes go to, made through the commands. */
const CATALOGUE: CatalogueSize = { users: 20, templates: 40, seed: 42 };
/** Like toggles timed before BENCH_SCALE, after a warm-up of a tenth as many. */
const COMMANDS = 300;
/** As the API's read-your-writes waits: far longer than any command should take. */
const READ_MODELS_WAIT_MS = 30_000;

export interface LiveMeasurement {
  commands: number;
  seconds: number;
  perSecond: number;
  medianMs: number;
  p95Ms: number;
  cpu: CpuSeconds;
}

/**
 * The live path as a member's request takes it: a command appends its event, and the answer waits
 * until every projection has applied it (read-your-writes), while every projection and reactor of
 * the server follows the log. Like toggles one after another, each awaited, on the whole
 * composition (the embedded database in a directory of its own, or a schema of its own on the
 * Postgres server).
 */
export async function benchLive(
  target: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  scale: number,
  log: (line: string) => void,
): Promise<LiveMeasurement> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-live-'));
  const schema = target === 'postgres' ? `bench_live_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  const infrastructure = await openInfrastructure({
    dataDir,
    databaseUrl: target === 'postgres' ? databaseUrl : undefined,
    databaseSchema: schema,
    eventStoreUrl: undefined,
  });
  try {
    log(`seeding ${CATALOGUE.templates} templates / ${CATALOGUE.users} users through the commands`);
    await seedCatalogue(infrastructure, CATALOGUE);
    await infrastructure.startFollowers();
    const toggle = toggler(infrastructure);
    const commands = Math.max(1, Math.round(COMMANDS * scale));
    for (let index = 0; index < Math.ceil(commands / 10); index += 1) await toggle(index);
    log(`${commands} like toggles, one after another, each awaited by every projection`);
    const meter = await CpuMeter.of(infrastructure.database);
    const latencies: number[] = [];
    const startedAt = performance.now();
    const { cpu } = await meter.measure(async () => {
      for (let index = 0; index < commands; index += 1) {
        const commandStartedAt = performance.now();
        await toggle(index);
        latencies.push(performance.now() - commandStartedAt);
      }
    });
    const seconds = (performance.now() - startedAt) / 1_000;
    latencies.sort((a, b) => a - b);
    return {
      commands,
      seconds,
      perSecond: commands / seconds,
      medianMs: latencies[Math.floor(latencies.length / 2)]!,
      p95Ms: latencies[Math.floor(latencies.length * 0.95)]!,
      cpu,
    };
  } finally {
    await infrastructure.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
  }
}

/** The `index`-th like toggle of the run (members and templates in turn), answered once every projection applied it. */
function toggler({ commands, runner }: Infrastructure) {
  return async (index: number) => {
    const templateId = demoTemplateId(CATALOGUE.seed, index % CATALOGUE.templates);
    const userId = demoUserId(CATALOGUE.seed, 1 + (index % (CATALOGUE.users - 1)));
    const { position } = await commands.handle(
      likeDecider,
      likeStream(templateId, userId),
      { type: 'ToggleLike', data: { templateId, userId } },
      { actor: { userId, role: 'base' } },
    );
    if (position !== null && !(await runner.waitFor(position, READ_MODELS_WAIT_MS)))
      throw new Error(`the projections did not reach position ${position} in ${READ_MODELS_WAIT_MS} ms`);
  };
}
