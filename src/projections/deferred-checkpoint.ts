/**
 * A live follower's checkpoint moved past events it does not handle is committed at most this often:
 * this process reads it from memory, and another process rereads it every 200 ms anyway.
 */
export const UNHANDLED_CHECKPOINT_COMMIT_MS = 200;

/**
 * Where a follower's checkpoint was last committed, and when. A page of events the follower does
 * not handle moves its checkpoint in memory only: a commit per append read, by each of two dozen
 * followers, was most of the live path's work. The move is committed once it is due (at the head),
 * and when the follower stops.
 */
export class DeferredCheckpoint {
  #committed: bigint;
  #committedAt = performance.now();

  constructor(committed: bigint) {
    this.#committed = committed;
  }

  markCommitted(position: bigint): void {
    this.#committed = position;
    this.#committedAt = performance.now();
  }

  /** Whether `position` is ahead of the committed checkpoint. */
  pending(position: bigint): boolean {
    return position > this.#committed;
  }

  /** Milliseconds until a commit of `position` is due: 0 when it is due now, null when it is committed. */
  dueInMs(position: bigint): number | null {
    if (!this.pending(position)) return null;
    return Math.max(0, this.#committedAt + UNHANDLED_CHECKPOINT_COMMIT_MS - performance.now());
  }
}
