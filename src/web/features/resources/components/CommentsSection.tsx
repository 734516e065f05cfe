import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { commentProblem, DETAIL_PAGE, ENGAGEMENT_LIMITS, isBlankComment } from '../../../../domain/engagement/rules.js';
import type { CommentView } from '../../../../domain/engagement/views.js';
import { Avatar } from '../../../components/ui/Avatar.js';
import { ApiError } from '../../../lib/api-client.js';
import { userProfilePath } from '../../../lib/paths.js';
import { clipToCharacters } from '../../../../domain/shared/characters.js';
import { signedInUser, useSession } from '../../session/session.js';
import { openLoginPrompt } from '../../shell/client-state.js';
import { fetchComments, postComment } from '../api.js';

const COMMENT_DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The comments of a post and the box to add one (spec 2.11); a comment is always rendered as text. */
export function CommentsSection({ resourceId }: { resourceId: string }) {
  const { user, loading } = useSession();
  const [comments, setComments] = useState<CommentView[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const boxId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchComments(resourceId, controller.signal)
      .then(setComments)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error(error);
          setLoadFailed(true);
        }
      });
    return () => controller.abort();
  }, [resourceId]);

  /**
   * Typing (or clicking into the box) while logged out opens the login modal (spec 2.11); while the
   * session still loads, typing goes on. Not on focus: closing the modal hands the focus back to the box.
   */
  function promptIfSignedOut(): boolean {
    if (user !== null || loading) return true;
    openLoginPrompt();
    return false;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if ((await signedInUser()) === null) {
      openLoginPrompt();
      return;
    }
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
      setDraft('');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Your comment could not be posted. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="detail-comments" aria-labelledby={headingId}>
      <h2 id={headingId}>Comments{comments !== null && comments.length > 0 ? ` (${comments.length})` : ''}</h2>
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
          onClick={() => promptIfSignedOut()}
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

      {comments === null && !loadFailed && (
        <p className="detail-comments__status" role="status">
          Loading comments…
        </p>
      )}
      {loadFailed && <p className="detail-comments__status">The comments could not be loaded. Please reload the page.</p>}
      {comments !== null && comments.length === 0 && <p className="detail-comments__status">No comments yet. Be the first to say what you think.</p>}
      {comments !== null && comments.length > 0 && (
        <ol className="detail-comments__list">
          {comments.map((comment) => (
            <li key={comment._id} className="comment">
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
