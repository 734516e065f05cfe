import { BehaviorSubject, filter, firstValueFrom, map, race, take, timer } from 'rxjs';

/** A read model's generation and the events it has applied: both only grow, and any write moves one. */
export interface ReadModelMark {
  generation: number;
  eventsApplied: bigint;
}

/**
 * What the runner publishes of each projection: its live checkpoint, for read-your-writes waits,
 * and its read model's mark, for the public answer cache. Neither ever goes back.
 */
export class PublishedProgress {
  /** Live checkpoint per projection, for read-your-writes waits. */
  readonly #checkpoints = new BehaviorSubject<ReadonlyMap<string, bigint>>(new Map());
  readonly #marks = new Map<string, ReadModelMark>();
  /** Projections whose marks are reread from the database (another process runs them), not moved at commit. */
  readonly #rereadMarks = new Set<string>();
  /** #marks as the text the public answer cache compares, rebuilt when one moves. */
  #markTexts: ReadonlyMap<string, string> = new Map();

  get markTexts(): ReadonlyMap<string, string> {
    return this.#markTexts;
  }

  get rereadMarks(): ReadonlySet<string> {
    return this.#rereadMarks;
  }

  /** The checkpoint published for a projection, if any. */
  checkpointOf(name: string): bigint | undefined {
    return this.#checkpoints.value.get(name);
  }

  /** Resolves true once every named projection has passed `position`, false after `timeoutMs`. */
  async waitFor(position: bigint, timeoutMs: number, names: readonly string[]): Promise<boolean> {
    const reached = this.#checkpoints.pipe(
      filter((checkpoints) => names.every((name) => (checkpoints.get(name) ?? -1n) >= position)),
      map(() => true),
    );
    return firstValueFrom(race(reached, timer(timeoutMs).pipe(map(() => false))).pipe(take(1)));
  }

  /** Whether a projection's mark is reread from the database (another process runs it) or moved at commit here. */
  setRereadMark(name: string, reread: boolean): void {
    if (reread) this.#rereadMarks.add(name);
    else this.#rereadMarks.delete(name);
  }

  publishCheckpoint(name: string, checkpoint: bigint): void {
    // A switch only goes to a generation at least as far as the one it replaces: what was reached stays reached
    // (a retired generation's follower may publish its last batch after the new generation's checkpoint).
    const reached = this.#checkpoints.value.get(name);
    if (reached !== undefined && reached >= checkpoint) return;
    const next = new Map(this.#checkpoints.value);
    next.set(name, checkpoint);
    this.#checkpoints.next(next);
  }

  publishMark(name: string, mark: ReadModelMark): void {
    // Never back: a retired generation's follower may publish its last batch after the switch.
    const published = this.#marks.get(name);
    if (
      published &&
      (published.generation > mark.generation ||
        (published.generation === mark.generation && published.eventsApplied >= mark.eventsApplied))
    )
      return;
    this.#marks.set(name, mark);
    this.#markTexts = new Map(
      [...this.#marks].map(([projection, { generation, eventsApplied }]) => [projection, `${generation}:${eventsApplied}`]),
    );
  }
}
