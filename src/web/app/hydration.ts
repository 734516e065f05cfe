/**
 * The loaders' data, carried from the server's render to the browser's hydration. Loaders answer
 * at once with promises for their lists (the page streams them in through <Await>); the server
 * waits for them, renders them, and sends their values, which become settled promises again here.
 */

/** The `<script type="application/json">` holding the data: JSON, not code, so the CSP allows it without a nonce. */
export const HYDRATION_DATA_ELEMENT_ID = 'router-hydration-data';

type Outcome = { value: unknown } | { error: string };

export interface HydrationPayload {
  /** By route id; each deferred field holds its value, or null when it failed. */
  loaderData: Record<string, unknown>;
  /** By route id and field: which fields were promises, and how they ended. */
  deferred: Record<string, Record<string, 'value' | 'error'>>;
}

/**
 * A promise that is already settled and says so in the fields react-router's <Await> and React's
 * use() read: both render its value (or error) at once instead of suspending.
 */
export function settledPromise(outcome: Outcome): Promise<unknown> {
  if ('error' in outcome) {
    const error = new Error(outcome.error);
    const promise = Promise.reject(error);
    promise.catch(() => undefined);
    return Object.assign(promise, { _tracked: true, _error: error, status: 'rejected', reason: error });
  }
  return Object.assign(Promise.resolve(outcome.value), { _tracked: true, _data: outcome.value, status: 'fulfilled', value: outcome.value });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Waits for every promise a loader answered with and returns the loader data with settled promises
 * in their place (so the server's render shows the lists, not their skeletons), and what the browser needs.
 */
export async function settleLoaderData(loaderData: Record<string, unknown>): Promise<{ settled: Record<string, unknown>; payload: HydrationPayload }> {
  const settled: Record<string, unknown> = {};
  const payload: HydrationPayload = { loaderData: {}, deferred: {} };
  for (const [routeId, data] of Object.entries(loaderData)) {
    if (!isPlainObject(data)) {
      settled[routeId] = data;
      payload.loaderData[routeId] = data;
      continue;
    }
    const rendered: Record<string, unknown> = {};
    const serialized: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(data)) {
      if (!(value instanceof Promise)) {
        rendered[field] = value;
        serialized[field] = value;
        continue;
      }
      const outcome: Outcome = await value.then(
        (resolved: unknown) => ({ value: resolved }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : 'The data could not be loaded.' }),
      );
      rendered[field] = settledPromise(outcome);
      serialized[field] = 'value' in outcome ? outcome.value : null;
      (payload.deferred[routeId] ??= {})[field] = 'value' in outcome ? 'value' : 'error';
    }
    settled[routeId] = rendered;
    payload.loaderData[routeId] = serialized;
  }
  return { settled, payload };
}

/** The payload's loader data with settled promises back in the deferred fields. */
export function restoreLoaderData(payload: HydrationPayload): Record<string, unknown> {
  const loaderData: Record<string, unknown> = { ...payload.loaderData };
  for (const [routeId, fields] of Object.entries(payload.deferred)) {
    const data = { ...(loaderData[routeId] as Record<string, unknown>) };
    for (const [field, outcome] of Object.entries(fields)) {
      data[field] = settledPromise(outcome === 'value' ? { value: data[field] } : { error: 'The data could not be loaded.' });
    }
    loaderData[routeId] = data;
  }
  return loaderData;
}

/** JSON inside a script element: `<` escaped so no text can close the element. */
export function hydrationScriptElement(payload: HydrationPayload): string {
  const json = JSON.stringify(payload).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
  return `<script type="application/json" id="${HYDRATION_DATA_ELEMENT_ID}">${json}</script>`;
}
