import type { DomainEvent } from './events.js';

/** Turns the data of one schema version into the next version's shape. */
export type Upcaster = (data: unknown) => unknown;

/** For each event type, the upcaster that lifts version N to N + 1, keyed by N. */
export type UpcasterRegistry = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

/** The newest schema version of a type: one past its highest upcaster. */
export function currentSchemaVersion(registry: UpcasterRegistry, type: string): number {
  const versions = Object.keys(registry[type] ?? {}).map(Number);
  return versions.length === 0 ? 1 : Math.max(...versions) + 1;
}

/**
 * Applies upcasters in sequence until the event has its type's current version. Stored events
 * are never rewritten: this runs on every read.
 */
export function upcast<E extends DomainEvent & { metadata: { schemaVersion: number } }>(registry: UpcasterRegistry, event: E): E {
  const steps = registry[event.type];
  if (!steps) return event;
  let { data } = event;
  let version = event.metadata.schemaVersion;
  for (let step = steps[version]; step; step = steps[version]) {
    data = step(data);
    version += 1;
  }
  if (version === event.metadata.schemaVersion) return event;
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
}
