import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../../src/adapters/db/database.js';

/** How often resident memory is sampled while work runs. */
const RSS_SAMPLE_MS = 20;
const MIB = 1024 * 1024;

export interface Throughput {
  /** Events (or rows) handled. */
  count: number;
  seconds: number;
  perSecond: number;
}

export function throughput(count: number, seconds: number): Throughput {
  return { count, seconds, perSecond: seconds > 0 ? count / seconds : 0 };
}

export async function elapsedSeconds(work: () => Promise<void>): Promise<number> {
  const startedAt = performance.now();
  await work();
  return (performance.now() - startedAt) / 1_000;
}

/** Times `work`, which handles `count` events or rows. */
export async function timed(count: number, work: () => Promise<void>): Promise<Throughput> {
  return throughput(count, await elapsedSeconds(work));
}

/** Samples the process's resident set size; `track` reports the peak seen while its work ran. */
export class RssSampler {
  /** Peaks of the work being tracked now (tracked work may nest: a phase and its steps). */
  readonly #openPeaks = new Set<{ bytes: number }>();
  readonly #timer: NodeJS.Timeout;

  constructor() {
    this.#timer = setInterval(() => this.#sample(), RSS_SAMPLE_MS);
    this.#timer.unref();
  }

  /**
   * Also reports the RSS when the work started: memory an earlier phase used (PGlite's WASM heap)
   * is not always handed back to the system, so a peak alone can be an earlier phase's.
   */
  async track<T>(work: () => Promise<T>): Promise<{ result: T; startRssMiB: number; peakRssMiB: number }> {
    const startRss = process.memoryUsage.rss();
    const peak = { bytes: startRss };
    this.#openPeaks.add(peak);
    try {
      const result = await work();
      this.#sample();
      return { result, startRssMiB: startRss / MIB, peakRssMiB: peak.bytes / MIB };
    } finally {
      this.#openPeaks.delete(peak);
    }
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #sample(): void {
    const rss = process.memoryUsage.rss();
    for (const peak of this.#openPeaks) peak.bytes = Math.max(peak.bytes, rss);
  }
}

let clockTicksPerSecond: number | undefined;

/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times: asked once, when first needed (100 where getconf cannot tell). */
function clockTicks(): number {
  return (clockTicksPerSecond ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100);
}

/** A process's /proc/<pid>/stat line; null where there is none (not Linux, process gone). */
function procStat(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
}

/** A process's user + system CPU time so far, from /proc; null where there is none (not Linux, process gone). */
export function processCpuMs(pid: number | undefined): number | null {
  const stat = pid === undefined ? null : procStat(pid);
  return stat === null ? null : statCpuMs(stat, 'own');
}

/** The fields of a /proc/<pid>/stat line after the command name (field 2, which may hold spaces): the state first. */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU time of a /proc/<pid>/stat line: the process's own, or that of its children it has waited for. */
export function statCpuMs(stat: string, whose: 'own' | 'children'): number {
  const fields = statFields(stat);
  // utime and stime are fields 14 and 15 of the line (12 and 13 after the name and state), cutime and cstime 16 and 17.
  const first = whose === 'own' ? 11 : 13;
  return ((Number(fields[first]) + Number(fields[first + 1])) * 1000) / clockTicks();
}

/** CPU seconds a piece of work used: the benchmark's process (all its threads, PGlite's included) and the database server's processes. */
export interface CpuSeconds {
  bench: number;
  /** Null where the server does not run on this machine (or /proc cannot tell), and for PGlite, which runs in the benchmark's process. */
  server: number | null;
}

/**
 * Reads the CPU time used so far by the benchmark and by the Postgres server it talks to, when that
 * server runs here: its postmaster (the parent of our connection's backend), every process it runs,
 * and those it has reaped (a connection closed during the work is counted too).
 */
export class CpuMeter {
  readonly #postmaster: number | null;

  private constructor(postmaster: number | null) {
    this.#postmaster = postmaster;
  }

  static async of(database: Database): Promise<CpuMeter> {
    if (database.kind !== 'postgres') return new CpuMeter(null);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    const backend = procStat(rows[0]!.pid);
    // The parent process id is field 4 (the second after the name and state).
    return new CpuMeter(backend === null ? null : Number(statFields(backend)[1]));
  }

  /** Runs `work` and answers what it used. */
  async measure<T>(work: () => Promise<T>): Promise<{ result: T; cpu: CpuSeconds }> {
    const benchBefore = process.cpuUsage();
    const serverBefore = this.#serverCpuMs();
    const result = await work();
    const bench = process.cpuUsage(benchBefore);
    const serverAfter = this.#serverCpuMs();
    return {
      result,
      cpu: {
        bench: (bench.user + bench.system) / 1e6,
        server: serverBefore === null || serverAfter === null ? null : Math.max(0, serverAfter - serverBefore) / 1_000,
      },
    };
  }

  #serverCpuMs(): number | null {
    if (this.#postmaster === null) return null;
    const postmaster = procStat(this.#postmaster);
    if (postmaster === null) return null;
    let total = statCpuMs(postmaster, 'own') + statCpuMs(postmaster, 'children');
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = procStat(Number(entry));
      if (stat !== null && Number(statFields(stat)[1]) === this.#postmaster) total += statCpuMs(stat, 'own');
    }
    return total;
  }
}
