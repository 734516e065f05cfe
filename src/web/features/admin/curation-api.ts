import type { CollectionEntry, CuratedList, TopAppEntry } from '@domain/discovery/curation.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';

/**
 * Saves one homepage list as the spec's editor does: each saved entry the form no longer holds (the
 * count shrank) is removed by DELETE /admin/api/{list}/{id}, then PUT /admin/api/{list} sends the list.
 * Resolves to the list as saved, every entry with its id; rejects with the first refusal, before the PUT.
 */
export async function saveCuratedList<Entry extends CollectionEntry | TopAppEntry>(
  list: CuratedList,
  savedIds: readonly string[],
  entries: readonly { _id?: string }[],
): Promise<Entry[]> {
  const kept = new Set(entries.map((entry) => entry._id));
  // One after the other: each removal is a new version of the list, and the server keeps at least one entry.
  for (const id of savedIds.filter((saved) => !kept.has(saved))) {
    try {
      await apiRequest(`/admin/api/${list}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    } catch (error) {
      // Already gone (removed by a save that failed later, or by another admin): what the admin asked for.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return (await apiRequest<{ data: Entry[] }>(`/admin/api/${list}`, { method: 'PUT', body: entries })).data;
}
