import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { v5 as uuidv5 } from 'uuid';
import type { StreamSnapshots } from '../../adapters/db/stream-snapshots.js';
import type { Actor, Decider, DomainEvent, EventToAppend, RecordedEvent } from '../../domain/shared/events.js';
import { currentSchemaVersion, type UpcasterRegistry } from '../../domain/shared/upcasting.js';
import { WrongExpectedRevisionError, type EventStore } from '../../adapters/eventstore/port.js';

/** Namespace for event ids derived from idempotency keys (uuid v5). */
const IDEMPOTENT_EVENT_NAMESPACE = '6f1b7d3e-2c4a-4e8b-9a51-0d3c2b1a7e90';
/** Conflicts retried before the caller sees the conflict. */
export const MAX_CONFLICT_RETRIES = 8;

export interface CommandContext {
  actor: Actor;
  correlationId?: string;
  causationId?: string;
  /** The same key for the same command appends once, however often it is sent. */
  idempotencyKey?: string;
  now?: Date;
}

export interface CommandResult<E extends DomainEvent> {
  /** The events this command stands for (the stored ones on an idempotent repeat). */
  events: E[];
  /** The log position the command reached; reads can wait for projections to pass it. */
  position: bigint | null;
  /** True when an earlier run with the same idempotency key already appended. */
  repeated: boolean;
}

export interface CommandBus {
  handle<S, C, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamId: string,
    command: C,
    context: CommandContext,
  ): Promise<CommandResult<E>>;
  /** The stream's current state as `decider` folds it: what a command on it would decide from. */
  stateOf<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string): Promise<S>;
}

export function eventIdFor(streamId: string, idempotencyKey: string, index: number): string {
  return uuidv5(`${streamId}\u0000${idempotencyKey}\u0000${index}`, IDEMPOTENT_EVENT_NAMESPACE);
}

/**
 * A command's decided events as the store takes them: ids from the idempotency key when there is
 * one, the metadata of the command's context. Writers that decide outside `handle` (bulk appends of
 * new streams) use it too, so their events are the ones `handle` would have appended.
 */
export function eventsToAppend(
  streamId: string,
  decided: readonly DomainEvent[],
  context: CommandContext,
  upcasters: UpcasterRegistry,
): EventToAppend[] {
  const causationId = context.causationId ?? randomUUID();
  const occurredAt = (context.now ?? new Date()).toISOString();
  return decided.map((event, index) => ({
    id: context.idempotencyKey ? eventIdFor(streamId, context.idempotencyKey, index) : randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      correlationId: context.correlationId ?? causationId,
      causationId,
      actor: context.actor,
      occurredAt,
      schemaVersion: currentSchemaVersion(upcasters, event.type),
    },
  }));
}

/** Events a command folds after its stream's snapshot (or from the start) before it keeps a new snapshot. */
export const SNAPSHOT_AFTER_EVENTS = 200;
/** Folded states a bus keeps in memory, weighed by the events folded into each (a folded entry takes some 200 bytes): about 100 MB at most. */
const FOLDED_STATES_MAX_EVENTS = 500_000;

/** A decider's state folded through `revision` of a stream, whose event there has id `eventId`. */
interface FoldedState<S> {
  revision: bigint;
  eventId: string;
  state: S;
}

/** A fold of a stream: its state, where it stands (null: an empty stream), the events read, and whether it resumed a kept state. */
interface Folded<S> {
  through: FoldedState<S> | null;
  state: S;
  read: RecordedEvent[];
  fromState: boolean;
}

/**
 * Read the stream, fold it with `evolve`, ask `decide`, append with the revision we read.
 * A concurrent writer makes the append fail with a conflict: reread and decide again.
 * A decider with a `snapshot` folds only the events after the state it folded last: kept in this
 * bus's memory, or else in the stream's snapshot, which it saves once it folded
 * SNAPSHOT_AFTER_EVENTS events or more. Only where the store can find an event by id: an
 * idempotent repeat of a command from before that state must still find the events it appended.
 */
export function createCommandBus(store: EventStore, upcasters: UpcasterRegistry, snapshots?: StreamSnapshots): CommandBus {
  const findEventRevision = store.findEventRevision;
  const foldedStates = new LRUCache<string, FoldedState<unknown>>({
    maxSize: FOLDED_STATES_MAX_EVENTS,
    sizeCalculation: (folded) => Number(folded.revision) + 1,
  });
  /** A decider's snapshot, where this bus can use one: an idempotent repeat from before it must find its events by id. */
  const snapshotOf = <S, C, E extends DomainEvent>(decider: Decider<S, C, E>) =>
    snapshots && findEventRevision ? decider.snapshot : undefined;
  const cacheKeyOf = <S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string) =>
    `${snapshotOf(decider)?.name}\u0000${streamId}`;

  /** A stream's state folded by `decider`: after the state this bus folded last or the stream's snapshot when it can, else from the start. */
  async function readFolded<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string): Promise<Folded<S>> {
    const snapshot = snapshotOf(decider);
    const fold = (state: S, events: readonly RecordedEvent[]) =>
      events.reduce((folded, event) => decider.evolve(folded, event as unknown as E), state);
    /** `state` as folded through the event `last`. */
    const foldedThrough = (state: S, last: RecordedEvent, read: RecordedEvent[], fromState: boolean) => ({
      through: { revision: last.revision, eventId: last.id, state },
      state,
      read,
      fromState,
    });
    /** The state folded through `from` and the events after it; null when the stream does not hold `from`'s event at its revision. */
    const foldAfter = async (from: FoldedState<S>) => {
      const [at, ...after] = await store.readStream(streamId, { fromRevision: from.revision });
      return at?.id === from.eventId ? foldedThrough(fold(from.state, after), after.at(-1) ?? at, after, true) : null;
    };
    const foldAfterSnapshot = async () => {
      const kept = await snapshots!.load(streamId, snapshot!.name);
      return kept ? foldAfter({ ...kept, state: snapshot!.fromJson(kept.state) }) : null;
    };
    if (snapshot) {
      const inMemory = foldedStates.get(cacheKeyOf(decider, streamId)) as FoldedState<S> | undefined;
      const resumed = (inMemory ? await foldAfter(inMemory) : null) ?? (await foldAfterSnapshot());
      if (resumed) return resumed;
    }
    const history = await store.readStream(streamId);
    const state = fold(decider.initialState(), history);
    const last = history.at(-1);
    return last ? foldedThrough(state, last, history, false) : { through: null, state, read: history, fromState: false };
  }

  /** Keeps what `readFolded` folded for the next fold of the stream: in memory, and as the stream's snapshot after a long read. */
  async function keep<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string, folded: Folded<S>): Promise<void> {
    const snapshot = snapshotOf(decider);
    if (!snapshot || !folded.through) return;
    foldedStates.set(cacheKeyOf(decider, streamId), folded.through);
    if (folded.read.length >= SNAPSHOT_AFTER_EVENTS)
      await snapshots!.save(streamId, snapshot.name, { ...folded.through, state: snapshot.toJson(folded.state) });
  }

  return {
    async stateOf(decider, streamId) {
      const folded = await readFolded(decider, streamId);
      await keep(decider, streamId, folded);
      return folded.state;
    },

    async handle(decider, streamId, command, context) {
      const idempotencyKey = context.idempotencyKey;
      for (let attempt = 0; ; attempt += 1) {
        const folded = await readFolded(decider, streamId);
        if (idempotencyKey) {
          const firstId = eventIdFor(streamId, idempotencyKey, 0);
          const earlier = folded.read.findIndex((event) => event.id === firstId);
          if (earlier >= 0) return repeatedResult(folded.read, streamId, idempotencyKey, earlier);
          const revision = folded.fromState ? await findEventRevision!(streamId, firstId) : null;
          if (revision !== null)
            return repeatedResult(await store.readStream(streamId, { fromRevision: revision }), streamId, idempotencyKey, 0);
        }
        await keep(decider, streamId, folded);
        const decided = decider.decide(command, folded.state);
        if (decided.length === 0) return { events: [], position: null, repeated: false };

        const toAppend = eventsToAppend(streamId, decided, context, upcasters);
        try {
          const result = await store.appendToStream(streamId, toAppend, { expectedRevision: folded.through?.revision ?? 'no_stream' });
          return { events: decided, position: result.position, repeated: false };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_CONFLICT_RETRIES) throw error;
          // Jittered back-off so that many writers to one stream don't collide in lockstep.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
        }
      }
    },
  };
}

function repeatedResult<E extends DomainEvent>(
  history: RecordedEvent[],
  streamId: string,
  idempotencyKey: string,
  firstIndex: number,
): CommandResult<E> {
  const events: RecordedEvent[] = [];
  for (
    let i = firstIndex, index = 0;
    i < history.length && history[i]!.id === eventIdFor(streamId, idempotencyKey, index);
    i += 1, index += 1
  ) {
    events.push(history[i]!);
  }
  return {
    events: events.map((event) => ({ type: event.type, data: event.data }) as E),
    position: events[events.length - 1]!.position,
    repeated: true,
  };
}
