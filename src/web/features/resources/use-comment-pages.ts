import { useEffect, useRef, useState } from 'react';

import type { CommentView } from '@domain/engagement/views.js';
import { fetchComments } from './api.js';

/** A post's comments, a page at a time (newest first); after "Show more" the focus goes to the first comment it brought. */
export function useCommentPages(resourceId: string) {
  const [comments, setComments] = useState<CommentView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  /** A page is on its way, or the last one failed (the first page, or a later one). */
  const [paging, setPaging] = useState<'idle' | 'loading' | 'failed'>('loading');
  const firstOfPageRef = useRef<HTMLLIElement>(null);
  /** The first comment "Show more" brought, for the focus to go to. */
  const [firstOfPage, setFirstOfPage] = useState<number | null>(null);

  /** Loads the page after `cursor` (null: the newest) and adds it below the ones shown. */
  function loadPage(cursor: string | null, signal?: AbortSignal) {
    const shownBefore = cursor === null ? 0 : (comments?.length ?? 0);
    setPaging('loading');
    fetchComments(resourceId, cursor, signal).then(
      (page) => {
        setComments((current) => (cursor === null ? page.comments : [...(current ?? []), ...page.comments]));
        setTotal(page.total);
        setNextCursor(page.nextCursor);
        setPaging('idle');
        // After "Show more", the reader goes on at the first comment it brought.
        if (cursor !== null && page.comments.length > 0) setFirstOfPage(shownBefore);
      },
      (error: unknown) => {
        if (signal?.aborted) return;
        console.error(error);
        setPaging('failed');
      },
    );
  }

  useEffect(() => {
    const controller = new AbortController();
    setComments(null);
    loadPage(null, controller.signal);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new post: its first page (loadPage reads nothing else that changes).
  }, [resourceId]);

  useEffect(() => {
    if (firstOfPage === null) return;
    firstOfPageRef.current?.focus();
    setFirstOfPage(null);
  }, [firstOfPage]);

  /** A comment just posted goes on top. */
  function addPosted(comment: CommentView) {
    setComments((current) => [comment, ...(current ?? [])]);
    setTotal((count) => count + 1);
  }

  return { comments, total, nextCursor, paging, firstOfPage, firstOfPageRef, loadPage, addPosted };
}
