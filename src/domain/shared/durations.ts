/** A day in seconds: cookie lifetimes are given in days and sent as Max-Age. */
export const DAY_SECONDS = 24 * 60 * 60;
