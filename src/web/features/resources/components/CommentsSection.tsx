import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { commentProblem, COMMENTS_PAGE, DETAIL_PAGE, ENGAGEMENT_LIMITS, isBlankComment } from '@domain/engagement/rules.js';
import type { CommentView } from '@domain/engagement/views.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { ApiError } from '@/lib/api-client.js';
import { userProfilePath } from '@/lib/paths.js';
import { clipToCharacters } from '@domain/shared/characters.js';
import { signedInOrLoginPrompt, useSession } from '@/lib/session.js';
import { openLoginPrompt } from '@/lib/client-state.js';
import { fetchComments, postComment } from '../api.js';

const COMMENT_DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The comments of a post and the box to add one (spec 2.11); a comment is always rendered as text. */
export function CommentsSection({ resourceId }: { resourceId: string }) {
  const { user, loading } = useSession();
  const [comments, setComments] = useState<CommentView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  /** A page is on its way, or the last one failed (the first page, or a later one). */
  const [paging, setPaging] = useState<'idle' | 'loading' | 'failed'>('loading');
  const firstOfPageRef = useRef<HTMLLIElement>(null);
  /** The first comment "Show more" brought, for the focus to go to. */
  const [firstOfPage, setFirstOfPage] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const boxId = useId();

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

  /**
   * Typing (or clicking into the box, which waits for a loading session) while logged out opens the login
   * modal (spec 2.11); while the session still loads, typing goes on. Not on focus: closing the modal
   * hands the focus back to the box.
   */
  function promptIfSignedOut(): boolean {
    if (user !== null || loading) return true;
    openLoginPrompt();
    return false;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if ((await signedInOrLoginPrompt()) === null) return;
    const found = commentProblem(draft);
    if (found !== null) {
      setProblem(found);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const comment = await postComment(resourceId, draft);
      setComments((current) => [comment, ...(current ?? [])]);
      setTotal((count) => count + 1);
      setDraft('');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Your comment could not be posted. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="detail-comments" aria-labelledby={headingId}>
      <h2 id={headingId}>Comments{total > 0 ? ` (${total})` : ''}</h2>
      <form className="detail-comments__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={boxId} className="form-field__label">
          Add a comment
        </label>
        <textarea
          id={boxId}
          className="form-field__input"
          rows={3}
          value={draft}
          placeholder={user === null ? 'Log in to join the conversation' : 'What do you think of this template?'}
          aria-invalid={problem !== null ? true : undefined}
          aria-describedby={problem !== null ? `${boxId}-problem` : undefined}
          onClick={() => void signedInOrLoginPrompt()}
          onChange={(event) => {
            if (!promptIfSignedOut()) return;
            setDraft(clipToCharacters(event.target.value, ENGAGEMENT_LIMITS.commentMax));
            setProblem(null);
          }}
        />
        {problem !== null && (
          <p id={`${boxId}-problem`} className="form-field__message form-field__message--error" role="alert">
            {problem}
          </p>
        )}
        <div className="detail-comments__actions">
          <button type="submit" className="button button--primary" disabled={sending || isBlankComment(draft)}>
            {sending ? 'Posting…' : 'Post comment'}
          </button>
        </div>
      </form>

      {comments !== null && comments.length === 0 && paging === 'idle' && <p className="detail-comments__status">No comments yet. Be the first to say what you think.</p>}
      {comments !== null && comments.length > 0 && (
        <ol className="detail-comments__list">
          {comments.map((comment, index) => (
            <li key={comment._id} className="comment" ref={index === firstOfPage ? firstOfPageRef : undefined} tabIndex={-1}>
              <div className="comment__meta">
                <Link to={userProfilePath(comment.author.username)} className="comment__author">
                  <Avatar name={comment.author.info.displayName ?? comment.author.username} pictureUrl={comment.author.info.thumbnail} />
                  <span className="comment__author-name">{comment.author.erased ? comment.author.info.displayName : comment.author.username}</span>
                </Link>
                <time dateTime={comment._dateCreated}>{COMMENT_DATE_FORMAT.format(new Date(comment._dateCreated))}</time>
              </div>
              <CommentText message={comment.message} />
            </li>
          ))}
        </ol>
      )}
      {paging === 'loading' && (
        <p className="detail-comments__status" role="status">
          {COMMENTS_PAGE.loadingMore}
        </p>
      )}
      {paging === 'failed' && (
        <p className="detail-comments__status" role="alert">
          {COMMENTS_PAGE.loadFailed}{' '}
          <button type="button" className="button button--secondary" onClick={() => loadPage(comments === null ? null : nextCursor)}>
            {COMMENTS_PAGE.tryAgain}
          </button>
        </p>
      )}
      {paging === 'idle' && nextCursor !== null && (
        <button type="button" className="button button--secondary detail-comments__more" onClick={() => loadPage(nextCursor)}>
          {COMMENTS_PAGE.showMore}
        </button>
      )}
    </section>
  );
}

/** The first lines of a long comment, then READ MORE; the text goes in as a text node, never as HTML. */
function CommentText({ message }: { message: string }) {
  const textRef = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const text = textRef.current;
    if (text !== null && !expanded) setOverflows(text.scrollHeight > text.clientHeight + 1);
  }, [message, expanded]);

  return (
    <>
      <p ref={textRef} className={`comment__text${expanded ? '' : ' comment__text--clamped'}`} style={{ WebkitLineClamp: DETAIL_PAGE.commentPreviewLines }}>
        {message}
      </p>
      {(overflows || expanded) && (
        <button type="button" className="comment__more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'SHOW LESS' : 'READ MORE'}
        </button>
      )}
    </>
  );
}
