/**
 * What a refused caller reads when the answer says how long to wait (a 429's Retry-After): the wait
 * in whole seconds, minutes or hours, rounded up, so trying again at that time succeeds.
 */
export function tryAgainIn(seconds: number): string {
  return `You are sending too fast. Please try again in ${waitText(seconds)}.`;
}

function waitText(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 60 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / (60 * 60)), 'hour');
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
