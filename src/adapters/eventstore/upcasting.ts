import { map } from 'rxjs';
import { upcast, type UpcasterRegistry } from '../../domain/shared/upcasting.js';
import type { EventStore } from './port.js';

/** The same store, with every event read lifted to its type's current schema version. */
export function withUpcasting(store: EventStore, registry: UpcasterRegistry): EventStore {
  return {
    ...store,
    kind: store.kind,
    readStream: async (streamId, options) => (await store.readStream(streamId, options)).map((event) => upcast(registry, event)),
    readAll: async (options) => (await store.readAll(options)).map((event) => upcast(registry, event)),
    readPage: async (options) => {
      const page = await store.readPage(options);
      return { ...page, events: page.events.map((event) => upcast(registry, event)) };
    },
    subscribeToAll: (options) => store.subscribeToAll(options).pipe(map((event) => upcast(registry, event))),
  };
}
