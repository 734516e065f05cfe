import { useId, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';

import { commentProblem, COMMENTS_PAGE, DETAIL_PAGE, ENGAGEMENT_LIMITS, isBlankComment } from '@domain/engagement/rules.js';
import type { CommentView } from '@domain/engagement/views.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { ApiError } from '@/lib/api-client.js';
import { userProfilePath } from '@/lib/paths.js';
import { clipToCharacters } from '@domain/shared/characters.js';
import { signedInOrLoginPrompt, useSession } from '@/lib/session.js';
import { openLoginPrompt } from '@/lib/client-state.js';
import { postComment } from '../api.js';
import { useCommentPages } from '../use-comment-pages.js';

const COMMENT_DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The comments of a post and the box to add one (spec 2.11); a comment is always rendered as text. */
export function CommentsSection({ resourceId }: { resourceId: string }) {
  const { comments, total, nextCursor, paging, firstOfPage, firstOfPageRef, loadPage, addPosted } = useCommentPages(resourceId);
  const headingId = useId();

  return (
    <section className="detail-comments" aria-labelledby={headingId}>
      <h2 id={headingId}>Comments{total > 0 ? ` (${total})` : ''}</h2>
      <CommentForm resourceId={resourceId} onPosted={addPosted} />

      {comments !== null && comments.length === 0 && paging === 'idle' && (
        <p className="detail-comments__status">No comments yet. Be the first to say what you think.</p>
      )}
      {comments !== null && comments.length > 0 && (
        <ol className="detail-comments__list">
          {comments.map((comment, index) => (
            <CommentItem key={comment._id} comment={comment} itemRef={index === firstOfPage ? firstOfPageRef : undefined} />
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

/** The box to add a comment: posting needs a session, and the shared rules check the text first. */
function CommentForm({ resourceId, onPosted }: { resourceId: string; onPosted: (comment: CommentView) => void }) {
  const { user, loading } = useSession();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const boxId = useId();

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
      onPosted(comment);
      setDraft('');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Your comment could not be posted. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
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
  );
}

function CommentItem({ comment, itemRef }: { comment: CommentView; itemRef: RefObject<HTMLLIElement | null> | undefined }) {
  return (
    <li className="comment" ref={itemRef} tabIndex={-1}>
      <div className="comment__meta">
        <Link to={userProfilePath(comment.author.username)} className="comment__author">
          <Avatar name={comment.author.info.displayName ?? comment.author.username} pictureUrl={comment.author.info.thumbnail} />
          <span className="comment__author-name">{comment.author.erased ? comment.author.info.displayName : comment.author.username}</span>
        </Link>
        <time dateTime={comment._dateCreated}>{COMMENT_DATE_FORMAT.format(new Date(comment._dateCreated))}</time>
      </div>
      <CommentText message={comment.message} />
    </li>
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
      <p
        ref={textRef}
        className={`comment__text${expanded ? '' : ' comment__text--clamped'}`}
        style={{ WebkitLineClamp: DETAIL_PAGE.commentPreviewLines }}
      >
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
