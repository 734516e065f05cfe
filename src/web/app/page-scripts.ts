/**
 * The scripts a page names for its boot script (src/web/boot.ts) to load once it is painted: the
 * app and its chunks (written into index.html by the build) and the chunks of a server-rendered
 * page's route (written by the server). Named as data, not as script or modulepreload tags, so that
 * nothing but the page and its stylesheet is fetched before the first paint. No imports: the boot
 * script is built from this and nothing the app shares.
 */

/** `{ "app": the app's module, "imports": its chunks }`, from the build. */
export const APP_SCRIPTS_ELEMENT_ID = 'app-scripts';
/** The chunks of the page's route beyond the app's, from the server. */
export const ROUTE_CHUNKS_ELEMENT_ID = 'route-chunks';

export interface AppScripts {
  app: string;
  imports: string[];
}

/** Only our own built chunks are ever loaded from what a page names. */
const BUILT_CHUNK = /^\/assets\/[\w.-]+\.js$/u;

const isBuiltChunk = (file: unknown): file is string => typeof file === 'string' && BUILT_CHUNK.test(file);

function namedIn(page: Document, elementId: string): unknown {
  const text = page.getElementById(elementId)?.textContent;
  return text ? JSON.parse(text) : null;
}

/** The app the page names, or null on a page without one (or with anything but a built chunk). */
export function appScriptsIn(page: Document): AppScripts | null {
  const named = namedIn(page, APP_SCRIPTS_ELEMENT_ID) as Partial<AppScripts> | null;
  if (!isBuiltChunk(named?.app) || !Array.isArray(named.imports)) return null;
  return { app: named.app, imports: named.imports.filter(isBuiltChunk) };
}

/** The route's chunks the page names (none on a page the browser draws). */
export function routeChunksIn(page: Document): string[] {
  const named = namedIn(page, ROUTE_CHUNKS_ELEMENT_ID);
  return Array.isArray(named) ? named.filter(isBuiltChunk) : [];
}
