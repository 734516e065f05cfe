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
