/**
 * The script chunks a server-rendered page needs beyond the app's start: its route module and what
 * that imports, read from Vite's build manifest. The page names them (src/web/app/page-scripts.ts)
 * and the boot script preloads them beside the app once the page is painted, instead of fetching
 * them after the app has run and matched the route.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of `.vite/manifest.json` (the fields we read). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** Where the route modules live, relative to the web app's root (src/web): the manifest's keys are these paths. */
const ROUTE_MODULE_DIRECTORY = 'app/routes';
/** Vite's build manifest, relative to the built web app's root. */
export const BUILD_MANIFEST_PATH = '.vite/manifest.json';

/** A chunk and everything it imports statically, transitively, by manifest key. */
function withStaticImports(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || manifest[key] === undefined) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(manifest, imported, into);
  return into;
}

/**
 * The files (`/assets/…`) of a route module's chunk and its imports, less those of the entries
 * (the app and the boot script), which the boot script loads already. Empty for an unknown module.
 */
export function routeChunkFiles(manifest: BuildManifest, routeModule: string): string[] {
  const routeKey = `${ROUTE_MODULE_DIRECTORY}/${routeModule}.tsx`;
  if (manifest[routeKey] === undefined) return [];
  const loadedByEntries = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withStaticImports(manifest, key, loadedByEntries);
  return [...withStaticImports(manifest, routeKey)].filter((key) => !loadedByEntries.has(key)).map((key) => `/${manifest[key]!.file}`);
}

/** A route module's chunk files (routeChunkFiles) from the built app's manifest (none without one), each list worked out once. */
export function routeChunkLists(webRoot: string): (routeModule: string) => readonly string[] {
  const manifestFile = join(webRoot, BUILD_MANIFEST_PATH);
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest) : {};
  const lists = new Map<string, readonly string[]>();
  return (routeModule) => {
    let files = lists.get(routeModule);
    if (files === undefined) {
      files = routeChunkFiles(manifest, routeModule);
      lists.set(routeModule, files);
    }
    return files;
  };
}
