import { v5 as uuidv5 } from 'uuid';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommentPosted } from '../../domain/engagement/events.js';
import { commentNotificationMail } from '../../domain/engagement/mails.js';
import { COMMENT_MAILS_PER_AUTHOR } from '../../domain/engagement/rules.js';
import type { Reactor } from './reactor-runner.js';
import { commentsOnPostsOf } from '../read-models/engagement/queries.js';
import { resourceById } from '../read-models/templates/queries.js';
import { userById } from '../read-models/users/queries.js';
import { unsubscribeHeaders, unsubscribeUrl } from '../../commands/accounts/unsubscribe-token.js';

/** Namespace of the notification e-mails' ids, derived from the comment's (uuid v5). */
const COMMENT_MAIL_NAMESPACE = '3c6f0b52-8d1e-4a57-b0f4-7e2d9a1c5b38';

/**
 * E-mails a post's author about a new comment on it: not about their own comments, not to an
 * erased or blocked account, not when they turned "Activity on my templates" (allowEmailsFromPosts)
 * off, and not beyond COMMENT_MAILS_PER_AUTHOR an hour. At least once by the runner, once in the
 * mailbox: the message id comes from the comment's, so a replay after a crash is the same message
 * (the outbox stores it once, SMTP relays de-duplicate by Message-ID). It starts at the head of the
 * log when first run: comments older than the feature are not mailed about. Each carries a link that
 * turns these e-mails off in one click, also as the List-Unsubscribe header mail clients offer as a button.
 */
export function createCommentNotificationReactor(deps: {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  mail: MailSender;
  publicUrl: string;
  /** Resolves once the read models include `position` (the comments of the hour before it are counted from them). */
  waitForReadModels(position: bigint): Promise<boolean>;
}): Reactor {
  return {
    name: 'comment-notifications',
    handles: ['CommentPosted'],
    startsAt: 'head',
    async react(event) {
      const comment = event.data as CommentPosted['data'];
      const post = await resourceById(deps.db, comment.templateId);
      if (!post || post.author_id === comment.authorId) return;
      const [author, commenter] = await Promise.all([userById(deps.db, post.author_id), userById(deps.db, comment.authorId)]);
      if (!author || author.erased || author.verification === 'blocked' || !author.email_enc) return;
      if (author.notifications.allowEmailsFromPosts === false) return;
      // Counted from the log's order, not from what was sent: a replay decides as the first run did.
      if (!(await deps.waitForReadModels(event.position)))
        throw new Error(`The read models did not reach position ${event.position} in time`);
      const since = new Date(Date.parse(event.metadata.occurredAt) - COMMENT_MAILS_PER_AUTHOR.windowMs);
      const earlier = await commentsOnPostsOf(deps.db, post.author_id, since, event.position);
      if (earlier >= COMMENT_MAILS_PER_AUTHOR.max) return;
      const to = await deps.vault.decrypt(author.id, author.email_enc);
      if (!to) return;
      const unsubscribe = await unsubscribeUrl(deps.vault, deps.publicUrl, author.id, 'activity');
      const message = commentNotificationMail(
        {
          commenter: commenter && !commenter.erased ? commenter.username : 'A member',
          title: post.title,
          message: comment.message,
          titleUrl: post.title_url,
        },
        deps.publicUrl,
        unsubscribe,
        earlier === COMMENT_MAILS_PER_AUTHOR.max - 1,
      );
      await deps.mail.send({
        to,
        ...message,
        messageId: uuidv5(comment.commentId, COMMENT_MAIL_NAMESPACE),
        headers: unsubscribeHeaders(unsubscribe),
      });
    },
  };
}
