import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { Actor, Decider, DomainEvent, EventToAppend, RecordedEvent } from '../domain/shared/events.js';
import { currentSchemaVersion, type UpcasterRegistry } from '../domain/shared/upcasting.js';
import { WrongExpectedRevisionError, type EventStore } from '../adapters/eventstore/port.js';

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
}

export function eventIdFor(streamId: string, idempotencyKey: string, index: number): string {
  return uuidv5(`${streamId}\u0000${idempotencyKey}\u0000${index}`, IDEMPOTENT_EVENT_NAMESPACE);
}

/**
 * A command's decided events as the store takes them: ids from the idempotency key when there is
 * one, the metadata of the command's context. Writers that decide outside `handle` (bulk appends of
 * new streams) use it too, so their events are the ones `handle` would have appended.
 */
export function eventsToAppend(streamId: string, decided: readonly DomainEvent[], context: CommandContext, upcasters: UpcasterRegistry): EventToAppend[] {
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

/**
 * Read the stream, fold it with `evolve`, ask `decide`, append with the revision we read.
 * A concurrent writer makes the append fail with a conflict: reread and decide again.
 */
export function createCommandBus(store: EventStore, upcasters: UpcasterRegistry): CommandBus {
  return {
    async handle(decider, streamId, command, context) {
      const idempotencyKey = context.idempotencyKey;
      for (let attempt = 0; ; attempt += 1) {
        const history = await store.readStream(streamId);
        if (idempotencyKey) {
          const firstId = eventIdFor(streamId, idempotencyKey, 0);
          const earlier = history.findIndex((event) => event.id === firstId);
          if (earlier >= 0) return repeatedResult(history, streamId, idempotencyKey, earlier);
        }
        const state = history.reduce((s, event) => decider.evolve(s, event as unknown as Parameters<typeof decider.evolve>[1]), decider.initialState());
        const decided = decider.decide(command, state);
        if (decided.length === 0) return { events: [], position: null, repeated: false };

        const toAppend = eventsToAppend(streamId, decided, context, upcasters);
        const last = history[history.length - 1];
        try {
          const result = await store.appendToStream(streamId, toAppend, {
            expectedRevision: last ? last.revision : 'no_stream',
          });
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
  for (let i = firstIndex, index = 0; i < history.length && history[i]!.id === eventIdFor(streamId, idempotencyKey, index); i += 1, index += 1) {
    events.push(history[i]!);
  }
  return {
    events: events.map((event) => ({ type: event.type, data: event.data }) as E),
    position: events[events.length - 1]!.position,
    repeated: true,
  };
}
