import { asksForHelp } from './help.js';
import { configFromEnv } from '../composition/config.js';
import { renderProgress } from '../projections/progress-bar.js';
import type { Projection } from '../projections/projection.js';
import type { RebuildProgress } from '../projections/runner.js';
import { projectionNamed, projections } from '../projections/registry.js';
import { textTable } from '../projections/text-table.js';

const USAGE = `Usage: npm run projections -- status
       npm run projections -- rebuild <name>   (one of: ${projections.map((p) => p.name).join(', ')})
       npm run projections -- rebuild --all`;

async function main(args: string[]): Promise<number> {
  if (asksForHelp(args)) {
    console.log(USAGE);
    return 0;
  }
  const [command, target, ...extra] = args;
  if (command !== 'status' && command !== 'rebuild') {
    console.error(command === undefined ? USAGE : `Unknown command "${command}".\n${USAGE}`);
    return 2;
  }
  const unexpected = command === 'status' ? args.slice(1) : extra;
  if (unexpected.length > 0) {
    console.error(`Unexpected "${unexpected.join(' ')}" after ${command === 'status' ? 'status' : `rebuild ${target}`}.\n${USAGE}`);
    return 2;
  }
  const toRebuild = command === 'rebuild' ? (target === '--all' ? [...projections] : [projectionNamed(target ?? '')]) : [];
  if (command === 'rebuild' && (toRebuild.length === 0 || toRebuild.includes(undefined))) {
    console.error(target ? `Unknown projection "${target}".\n${USAGE}` : USAGE);
    return 2;
  }

  const batchSize = batchSizeFromEnv('PROJECTION_BATCH_SIZE');
  const rebuildBatchSize = batchSizeFromEnv('PROJECTION_REBUILD_BATCH_SIZE');
  // The whole app, loaded once the arguments pass: a mistyped command is answered at once, not after seconds of loading.
  const { openInfrastructure } = await import('../composition/infrastructure.js');
  const infrastructure = await openInfrastructure(configFromEnv(), {
    ...(batchSize ? { batchSize } : {}),
    ...(rebuildBatchSize ? { rebuildBatchSize } : {}),
    log: (line) => console.log(line),
  });
  try {
    if (command === 'status') {
      const rows = (await infrastructure.runner.status()).map((status) => [
        status.name,
        status.version,
        status.liveVersion ?? '-',
        status.generation ?? '-',
        status.checkpoint === null ? '-' : String(status.checkpoint),
        status.lag,
        status.building.map((b) => `g${b.generation} v${b.version} @${b.checkpoint}`).join(', ') || '-',
      ]);
      console.log(
        textTable(['projection', 'code version', 'live version', 'generation', 'checkpoint', 'lag', 'building'], rows).join('\n'),
      );
      return 0;
    }
    // One read of the log feeds every projection rebuilt.
    const bars = new ProgressLines(toRebuild.map((projection) => projection!.name));
    await infrastructure.runner.rebuildAll(toRebuild as Projection[], (progress) => bars.update(progress));
    bars.finish();
    return 0;
  } finally {
    await infrastructure.close();
  }
}

function batchSizeFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1) throw new Error(`${name} must be a whole number ≥ 1, got "${raw}"`);
  return size;
}

/**
 * A progress bar per projection: on a terminal the block of bars redraws in place (at most ten
 * times a second); in logs each projection writes a line at most every second, and its last one.
 */
class ProgressLines {
  readonly #latest = new Map<string, RebuildProgress>();
  readonly #printedAt = new Map<string, number>();
  readonly #interactive = process.stdout.isTTY;
  #drawn = 0;
  #drawnAt = 0;

  constructor(private readonly order: readonly string[]) {}

  update(progress: RebuildProgress): void {
    this.#latest.set(progress.projection, progress);
    const now = Date.now();
    const finished = progress.done === progress.total;
    if (!this.#interactive) {
      if (now - (this.#printedAt.get(progress.projection) ?? 0) >= 1000 || finished) {
        console.log(renderProgress(progress));
        this.#printedAt.set(progress.projection, now);
      }
      return;
    }
    if (now - this.#drawnAt >= 100 || finished) this.#draw(now);
  }

  finish(): void {
    if (this.#interactive) this.#draw(Date.now());
  }

  #draw(now: number): void {
    const lines = this.order.flatMap((name) => {
      const progress = this.#latest.get(name);
      return progress ? [renderProgress(progress)] : [];
    });
    const up = this.#drawn > 0 ? `\x1b[${this.#drawn}A` : '';
    process.stdout.write(`${up}${lines.map((line) => `\r\x1b[2K${line}\n`).join('')}`);
    this.#drawn = lines.length;
    this.#drawnAt = now;
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
