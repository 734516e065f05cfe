/*
 * "As of a moment": the post page's past view and the Visibility panel take the same `asOf`
 * parameter, and the web's date-and-time field is checked with the same rule before it asks.
 */

export const AS_OF_MESSAGES = {
  malformed: 'asOf must be a date and time in ISO 8601, like 2026-12-03T10:00:00Z.',
  inFuture: 'That moment is in the future: pick the present or a moment in the past.',
  beforePost: 'This post did not exist yet at that moment.',
  /** The web's field left empty. */
  missing: 'Pick a date and time.',
} as const;

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/u;

/** Why a moment cannot be explained (null: it can). */
export function asOfProblem(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime())) return AS_OF_MESSAGES.malformed;
  if (at > now) return AS_OF_MESSAGES.inFuture;
  return null;
}

/** The `asOf` parameter: absent is now (null); a malformed or future moment is refused with the reason. */
export function parseAsOf(text: string | undefined, now: Date): { ok: true; at: Date | null } | { ok: false; problem: string } {
  if (text === undefined || text === '') return { ok: true, at: null };
  const at = new Date(text);
  const problem = ISO_8601.test(text) ? asOfProblem(at, now) : AS_OF_MESSAGES.malformed;
  return problem === null ? { ok: true, at } : { ok: false, problem };
}
