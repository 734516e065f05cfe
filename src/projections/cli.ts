import { configFromEnv } from '../composition/config.js';
import { openInfrastructure } from '../composition/infrastructure.js';
import { renderProgress } from './progress-bar.js';
import { projectionNamed, projections } from './registry.js';

const USAGE = `Usage: npm run projections -- status
       npm run projections -- rebuild <name>   (one of: ${projections.map((p) => p.name).join(', ')})
       npm run projections -- rebuild --all`;

async function main(args: string[]): Promise<number> {
  const [command, target] = args;
  if (command !== 'status' && command !== 'rebuild') {
    console.error(USAGE);
    return 2;
  }
  const toRebuild = command === 'rebuild' ? (target === '--all' ? [...projections] : [projectionNamed(target ?? '')]) : [];
  if (command === 'rebuild' && (toRebuild.length === 0 || toRebuild.includes(undefined))) {
    console.error(target ? `Unknown projection "${target}".\n${USAGE}` : USAGE);
    return 2;
  }

  const batchSize = process.env.PROJECTION_BATCH_SIZE ? Number(process.env.PROJECTION_BATCH_SIZE) : undefined;
  const infrastructure = await openInfrastructure(configFromEnv(), { ...(batchSize ? { batchSize } : {}), log: (line) => console.log(line) });
  try {
    if (command === 'status') {
      const rows = (await infrastructure.runner.status()).map((status) => ({
        projection: status.name,
        'code version': status.version,
        'live version': status.liveVersion ?? '-',
        generation: status.generation ?? '-',
        checkpoint: status.checkpoint === null ? '-' : String(status.checkpoint),
        lag: status.lag,
        building: status.building.map((b) => `g${b.generation} v${b.version} @${b.checkpoint}`).join(', ') || '-',
      }));
      console.table(rows);
      return 0;
    }
    const interactive = process.stdout.isTTY;
    for (const projection of toRebuild) {
      let lastLine = 0;
      await infrastructure.runner.rebuild(projection!, (progress) => {
        // On a terminal the bar redraws in place; in logs a line at most every second.
        const now = Date.now();
        if (interactive) process.stdout.write(`\r${renderProgress(progress)}`);
        else if (now - lastLine >= 1000 || progress.done === progress.total) {
          console.log(renderProgress(progress));
          lastLine = now;
        }
      });
      if (interactive) process.stdout.write('\n');
    }
    return 0;
  } finally {
    await infrastructure.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
