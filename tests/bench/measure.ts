/** How often resident memory is sampled while work runs. */
const RSS_SAMPLE_MS = 20;
const MIB = 1024 * 1024;

export interface Throughput {
  /** Events (or rows) handled. */
  count: number;
  seconds: number;
  perSecond: number;
}

/** Times `work`, which handles `count` events or rows. */
export async function timed(count: number, work: () => Promise<void>): Promise<Throughput> {
  const startedAt = performance.now();
  await work();
  const seconds = (performance.now() - startedAt) / 1_000;
  return { count, seconds, perSecond: seconds > 0 ? count / seconds : 0 };
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

  async track<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMiB: number }> {
    const peak = { bytes: 0 };
    this.#openPeaks.add(peak);
    try {
      this.#sample();
      const result = await work();
      this.#sample();
      return { result, peakRssMiB: peak.bytes / MIB };
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
