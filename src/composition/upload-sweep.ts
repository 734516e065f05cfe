import type { Kysely } from 'kysely';
import type { Schema } from '../adapters/db/schema.js';
import type { ImageStore } from '../adapters/storage/images.js';
import { templateImageUrlsInUse } from '../projections/read-models/templates/queries.js';
import { pictureUrlsInUse } from '../projections/read-models/users/queries.js';

/** How often the server looks for uploads nobody refers to. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes uploaded images that no post and no profile refers to (an upload for a post that was
 * never saved, a replaced picture, a deleted post's screenshots) once past the store's grace period.
 */
export async function sweepUnusedUploads(deps: { db: Kysely<Schema>; images: ImageStore }, now = new Date()): Promise<string[]> {
  const inUse = new Set([...(await templateImageUrlsInUse(deps.db)), ...(await pictureUrlsInUse(deps.db))]);
  return deps.images.sweepUnused(inUse, now);
}

/** Runs the sweep every interval until stopped; a failed sweep (database away) waits for the next one. */
export function startUploadSweep(deps: { db: Kysely<Schema>; images: ImageStore }, log: (line: string) => void): () => void {
  const timer = setInterval(() => {
    sweepUnusedUploads(deps).then(
      (deleted) => deleted.length > 0 && log(`upload sweep: deleted ${deleted.length} unused image(s)`),
      (error: unknown) => log(`upload sweep failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, UPLOAD_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
