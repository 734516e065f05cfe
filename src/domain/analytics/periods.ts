import { z } from '../shared/zod.js';

/*
 * Report dates are whole UTC days, as analysts ask for them: `from` and `to` are inclusive, and
 * "as of D" means the data as it stood at the end of day D.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day written YYYY-MM-DD that exists (no 2026-02-30). */
export const reportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine(
    (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'This date does not exist',
  );

export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The first instant after the day: reports count what happened strictly before it. */
export function endOfDay(day: string): Date {
  return new Date(startOfDay(day).getTime() + DAY_MS);
}

export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
