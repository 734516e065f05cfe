import { CHUNK_LOAD_TIMEOUT_MS } from '@/lib/shell-constants.js';

/** A page's script chunk did not arrive: failed to download, or not within the time-out. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  // Browsers word a failed dynamic import differently; all of them mention the module or the import.
  return (
    error instanceof TypeError && /dynamically imported module|importing a module script|error loading dynamically/iu.test(error.message)
  );
}

/**
 * Loads a route module, failing with a ChunkLoadError after 120 s (spec: script chunk time-out)
 * or when the download fails, so the route's error element can offer a reload.
 */
export function loadChunk<Module>(load: () => Promise<Module>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading a page script took longer than ${timeoutMs / 1000} s.`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : 'A page script could not be loaded.'));
      },
    );
  });
}

/** The `handle` of a route the server renders: a public page, the same for every visitor (personal parts come after hydration). */
export interface ServerRenderedHandle {
  serverRendered: true;
  /** The route's module in app/routes (its chunk and imports are preloaded with the page). */
  routeModule: string;
}

export function serverRendered(routeModule: string): ServerRenderedHandle {
  return { serverRendered: true, routeModule };
}

export function isServerRendered(handle: unknown): handle is ServerRenderedHandle {
  return typeof handle === 'object' && handle !== null && 'serverRendered' in handle && handle.serverRendered === true;
}
