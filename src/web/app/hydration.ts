/**
 * The loaders' data, carried from the server's render to the browser's hydration. Loaders answer
 * at once with promises for their lists (the page streams them in through <Await>), at any depth of
 * their answer; the server waits for them, renders them, and sends their values, which become
 * settled promises again here. JSON would turn a promise it met into `{}` without a word, so every
 * value is walked, and one that is neither JSON data nor a promise of it stops the render.
 */
import { jsonDataElement } from './json-data-element.js';

/** The id of the page's data element that holds the loaders' data (see jsonDataElement). */
export const HYDRATION_DATA_ELEMENT_ID = 'router-hydration-data';

type Outcome = { value: unknown } | { error: string };

/** Where a promise stood in a loader's answer: its route, then the keys and indexes down to it. */
export interface DeferredValue {
  routeId: string;
  path: Array<string | number>;
  outcome: 'value' | 'error';
}

export interface HydrationPayload {
  /** By route id; each deferred value is in its place, or null when it failed. */
  loaderData: Record<string, unknown>;
  deferred: DeferredValue[];
}

/** What a failed list says in the browser (the server's error message stays on the server). */
const DEFERRED_FAILURE = 'The data could not be loaded.';

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
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A loader's answer holds something JSON cannot carry to the browser as it is. */
export class UnserializableLoaderDataError extends Error {
  constructor(routeId: string, path: Array<string | number>, value: unknown) {
    const kind = typeof value === 'object' && value !== null ? value.constructor.name : typeof value;
    super(
      `The loader data of route ${routeId} holds a ${kind} at ${JSON.stringify(path)}: only JSON data and promises of it reach the browser`,
    );
    this.name = 'UnserializableLoaderDataError';
  }
}

interface Settled {
  /** For the server's render: the promises replaced by settled ones. */
  rendered: unknown;
  /** For the browser: the promises replaced by their values (null when they failed). */
  serialized: unknown;
}

async function settleValue(value: unknown, routeId: string, path: Array<string | number>, deferred: DeferredValue[]): Promise<Settled> {
  if (value instanceof Promise) {
    const outcome: Outcome = await value.then(
      (resolved: unknown) => ({ value: resolved }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : DEFERRED_FAILURE }),
    );
    // A promise's value is walked like the rest; a promise within it would have no place of its own in the payload.
    const within: DeferredValue[] = [];
    const inner = 'value' in outcome ? await settleValue(outcome.value, routeId, path, within) : undefined;
    if (within.length > 0) throw new UnserializableLoaderDataError(routeId, within[0]!.path, value);
    deferred.push({ routeId, path, outcome: inner ? 'value' : 'error' });
    return inner
      ? { rendered: settledPromise({ value: inner.rendered }), serialized: inner.serialized }
      : { rendered: settledPromise(outcome), serialized: null };
  }
  if (Array.isArray(value)) {
    const items = await settleAll(
      value.map((item: unknown, index) => [index, item] as const),
      routeId,
      path,
      deferred,
    );
    return { rendered: items.map((item) => item.rendered), serialized: items.map((item) => item.serialized) };
  }
  if (isPlainObject(value)) {
    const fields = Object.entries(value);
    const settled = await settleAll(fields, routeId, path, deferred);
    return {
      rendered: Object.fromEntries(fields.map(([key], index) => [key, settled[index]!.rendered])),
      serialized: Object.fromEntries(fields.map(([key], index) => [key, settled[index]!.serialized])),
    };
  }
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') {
    return { rendered: value, serialized: value };
  }
  throw new UnserializableLoaderDataError(routeId, path, value);
}

/**
 * Settles the entries side by side: each promise has its handler at once, so one that fails while
 * another is awaited is no unhandled rejection (which ends the server's process). Their deferred
 * values are listed in the entries' order, whatever order they settle in.
 */
async function settleAll(
  entries: ReadonlyArray<readonly [string | number, unknown]>,
  routeId: string,
  path: Array<string | number>,
  deferred: DeferredValue[],
): Promise<Settled[]> {
  const found = entries.map((): DeferredValue[] => []);
  const settled = await Promise.all(entries.map(([key, entry], index) => settleValue(entry, routeId, [...path, key], found[index]!)));
  deferred.push(...found.flat());
  return settled;
}

/**
 * Waits for every promise a loader answered with, at any depth, and returns the loader data with
 * settled promises in their place (so the server's render shows the lists, not their skeletons),
 * and what the browser needs to hydrate with the same data.
 */
export async function settleLoaderData(
  loaderData: Record<string, unknown>,
): Promise<{ settled: Record<string, unknown>; payload: HydrationPayload }> {
  const settled: Record<string, unknown> = {};
  const payload: HydrationPayload = { loaderData: {}, deferred: [] };
  for (const [routeId, data] of Object.entries(loaderData)) {
    const { rendered, serialized } = await settleValue(data, routeId, [], payload.deferred);
    settled[routeId] = rendered;
    payload.loaderData[routeId] = serialized;
  }
  return { settled, payload };
}

/** The payload's loader data with settled promises back where the loaders' promises were. */
export function restoreLoaderData(payload: HydrationPayload): Record<string, unknown> {
  const loaderData: Record<string, unknown> = structuredClone(payload.loaderData);
  for (const { routeId, path, outcome } of payload.deferred) {
    let parent: Record<string | number, unknown> = loaderData;
    let key: string | number = routeId;
    for (const step of path) {
      parent = parent[key] as Record<string | number, unknown>;
      key = step;
    }
    parent[key] = settledPromise(outcome === 'value' ? { value: parent[key] } : { error: DEFERRED_FAILURE });
  }
  return loaderData;
}

export function hydrationScriptElement(payload: HydrationPayload): string {
  return jsonDataElement(HYDRATION_DATA_ELEMENT_ID, payload);
}
