import { accountTabPath } from '../accounts/account-tabs.js';
import { NOTIFICATION_SETTING_TEXTS } from '../accounts/rules.js';
import { COMMENT_MAILS_PER_AUTHOR } from './rules.js';

/** How much of a comment its notification quotes, in characters (code points), cut at a word. */
export const COMMENT_EXCERPT_MAX = 200;

/**
 * The first `max` characters of `text` on one line, cut after its last whole word (a single word
 * longer than that is cut where it reaches it), with an ellipsis when anything was left out.
 */
export function excerptAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const characters = Array.from(flat);
  if (characters.length <= max) return flat;
  const head = characters.slice(0, max).join('');
  // The cut falls between words when the next character is a space: the last word is whole.
  const lastSpace = characters[max] === ' ' ? head.length : head.lastIndexOf(' ');
  return `${(lastSpace > 0 ? head.slice(0, lastSpace) : head).trimEnd()}…`;
}

/** Said by the last comment e-mail of an hour that reached COMMENT_MAILS_PER_AUTHOR. */
export const COMMENT_MAILS_PAUSED = `Your templates got ${COMMENT_MAILS_PER_AUTHOR.max} comments within an hour: we will not e-mail you about more until it is quieter. New comments are on your templates' pages.`;

/**
 * The e-mail a post's author gets when someone comments on it (unless they turned "Activity on my
 * templates" off), ending with the settings page and `unsubscribeUrl`, which turns it off at once.
 * `lastOfHour`: the hour's mails reached COMMENT_MAILS_PER_AUTHOR with this one, and it says so.
 */
export function commentNotificationMail(
  comment: { commenter: string; title: string; message: string; titleUrl: string },
  publicUrl: string,
  unsubscribeUrl: string,
  lastOfHour = false,
): { subject: string; text: string } {
  const setting = NOTIFICATION_SETTING_TEXTS.allowEmailsFromPosts.label;
  return {
    subject: `${comment.commenter} commented on "${comment.title}"`,
    text: [
      `${comment.commenter} commented on your template "${comment.title}":`,
      `“${excerptAtWord(comment.message, COMMENT_EXCERPT_MAX)}”`,
      `Read and answer it: ${publicUrl}/resources/${encodeURIComponent(comment.titleUrl)}`,
      ...(lastOfHour ? [COMMENT_MAILS_PAUSED] : []),
      `You get this e-mail because "${setting}" is on in your notification settings: ${publicUrl}${accountTabPath('notifications')}`,
      `Turn off comment e-mails: ${unsubscribeUrl}`,
    ].join('\n\n'),
  };
}
