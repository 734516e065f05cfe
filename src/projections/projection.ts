import type { Kysely } from 'kysely';
import type { AccountEvent } from '../domain/accounts/events.js';
import type { CommerceEvent } from '../domain/commerce/events.js';
import type { CurationEvent } from '../domain/discovery/curation.js';
import type { SearchEvent } from '../domain/discovery/events.js';
import type { EngagementEvent } from '../domain/engagement/events.js';
import type { OutreachEvent } from '../domain/outreach/events.js';
import type { GenerationEvent } from '../domain/generator/events.js';
import type { MassEmailEvent } from '../domain/mass-email/events.js';
import type { AccessTokenEvent } from '../domain/integrations/tokens.js';
import type { WebhookEvent } from '../domain/integrations/webhooks.js';
import type { SupportEvent } from '../domain/support/events.js';
import type { RewardEvent } from '../domain/rewards/events.js';
import type { DomainEvent, RecordedOneOf } from '../domain/shared/events.js';
import type { TemplateEvent, TemplateFormProgressed } from '../domain/templates/events.js';
import type { VersionEvent } from '../domain/templates/versions.js';
import type { Schema } from '../adapters/db/schema.js';
import type { BatchWrite } from './set-based.js';
import { READ_MODEL_TABLES, type GenerationTables, type ReadModelTable } from './read-models/tables.js';

/**
 * A read model's projection of the events `E` (a union): `handles` names their types, and `apply`
 * receives only those, narrowed by `type`, so handlers read `event.data` without casts. The runner
 * holds projections as `Projection` (of any event) and passes each the events its `handles` names.
 */
export interface Projection<E extends DomainEvent = DomainEvent> {
  readonly name: string;
  /** Bump when the tables or the way events are applied change: the next start rebuilds blue-green. */
  readonly version: number;
  readonly handles: readonly E['type'][];
  readonly tables: readonly ReadModelTable[];
  /** Creates the generation's tables with the keys and constraints `apply` relies on. */
  createTables(trx: Kysely<Schema>, tables: GenerationTables): Promise<void>;
  /**
   * Optional: indexes only the readers need. A rebuild fills the tables first and creates these
   * just before the switch (one sort instead of an index update per row). Must not fail when they
   * exist (a resumed rebuild may have made them already): `create index if not exists`. Runs
   * outside a transaction, on the pool: nobody reads the tables yet, so its statements may go side
   * by side (eachSettled), each on a connection of its own, and the server builds them on every core.
   */
  createIndexes?(db: Kysely<Schema>, tables: GenerationTables): Promise<void>;
  /**
   * Must be idempotent: applying the same events twice leaves the same rows. It receives a batch
   * (up to 500 events live, 5 000 while rebuilding): a handler may loop over it event by event,
   * or write it set-based (rows grouped per table, multi-row statements) for fast rebuilds.
   * While `rebuilding` (before `finishBuild`) it may leave undone what `finishBuild` computes.
   */
  apply(trx: Kysely<Schema>, events: readonly RecordedOneOf<E>[], tables: GenerationTables, phase: ApplyPhase): Promise<void>;
  /**
   * Optional: `apply` in two steps, so a rebuild can overlap them. `prepare` does the batch's work in
   * memory (folding, serialising rows) without touching the database, and answers its writes, which
   * run in the batch's transaction after the batch before it has committed. While the database runs
   * one batch's writes, the runner reads and prepares the next. Running the answered writes is `apply`.
   */
  prepare?(events: readonly RecordedOneOf<E>[], tables: GenerationTables, phase: ApplyPhase): BatchWrite<unknown>;
  /**
   * Optional: what `apply` leaves undone while rebuilding (counts and sets derived from other rows),
   * computed once for the whole generation when it has caught up with the log, before its indexes
   * and switch: one pass instead of a recount per batch. Together the steps must leave the rows
   * `apply` leaves live. They are independent of each other: each runs in a transaction of its own,
   * side by side (the database works on several at once). Each may run again on the same tables (a
   * resumed rebuild runs them all again).
   */
  finishBuild?: readonly FinishBuildStep[];
}

export type FinishBuildStep = (trx: Kysely<Schema>, tables: GenerationTables) => Promise<void>;

/**
 * `live`: the generation is (or may be) read, so `apply` keeps every row complete. `rebuilding`: a
 * new generation nobody reads yet, whose `finishBuild` runs before anyone does.
 */
export type ApplyPhase = 'live' | 'rebuilding';

export function physicalTableName(table: ReadModelTable, generation: number): string {
  return `${table}__g${generation}`;
}

export function generationTables(generation: number): GenerationTables {
  const names = {} as Record<ReadModelTable, string>;
  for (const table of READ_MODEL_TABLES) names[table] = physicalTableName(table, generation);
  return names as unknown as GenerationTables;
}

/** Every event a read model may project. */
export type ProjectableEvent =
  | AccountEvent
  | TemplateEvent
  | EngagementEvent
  | RewardEvent
  | SearchEvent
  | OutreachEvent
  | CommerceEvent
  | GenerationEvent
  | SupportEvent
  | TemplateFormProgressed
  | CurationEvent
  | MassEmailEvent
  | AccessTokenEvent
  | WebhookEvent
  | VersionEvent;
export type ProjectableEventOf<T extends ProjectableEvent['type']> = Extract<ProjectableEvent, { type: T }>;

type ProjectionDefinition<E extends DomainEvent> = Omit<Projection<E>, 'apply' | 'prepare'> &
  (Pick<Projection<E>, 'apply'> | Required<Pick<Projection<E>, 'prepare'>>);

/**
 * A projection whose event union is derived from the types it declares in `handles`: `apply` (or
 * `prepare`) receives exactly those events, each narrowed by its `type`. One that prepares its
 * batches applies one by running its prepared writes.
 */
export function defineProjection<const T extends ProjectableEvent['type']>(
  projection: ProjectionDefinition<ProjectableEventOf<T>> & { readonly handles: readonly T[] },
): Projection<ProjectableEventOf<T>> {
  if ('apply' in projection) return projection;
  const { prepare } = projection;
  return {
    ...projection,
    apply: async (trx, events, tables, phase) => {
      await prepare(events, tables, phase)(trx);
    },
  };
}

/** A batch's writes: prepared ahead when the projection prepares its batches, otherwise its `apply` run in the transaction. */
export function batchWrites<E extends DomainEvent>(
  projection: Projection<E>,
  events: readonly RecordedOneOf<E>[],
  tables: GenerationTables,
  phase: ApplyPhase,
): BatchWrite<unknown> {
  return projection.prepare ? projection.prepare(events, tables, phase) : (trx) => projection.apply(trx, events, tables, phase);
}
