import { adminStatusLabel, type TemplateStatus } from './lifecycle.js';
import type { VersionContent } from './versions.js';

/** A post as it was at a past moment (GET /resources/view/{titleUrl}?asOf=, author and admins), folded from its events. */
export interface PostAsOf {
  at: string;
  status: TemplateStatus | 'deleted';
  /** The latest approved version then; 0 before the first approval. */
  version: number;
  content: VersionContent;
  /** The edit waiting for a moderator then, if any. */
  pendingEdit: boolean;
  sponsored: boolean;
  counts: { likes: number; saves: number; redFlags: number; comments: number; buyers: number };
}

/** The as-of view's banner after its date: "v2, live, an edit waiting for review". */
export function asOfStanding(post: Pick<PostAsOf, 'status' | 'version' | 'pendingEdit'>): string {
  const version = post.version === 0 ? 'never approved yet' : `v${post.version}`;
  const edit = post.pendingEdit ? ', an edit waiting for review' : '';
  return `${version}, ${adminStatusLabel(post.status).toLowerCase()}${edit}`;
}
