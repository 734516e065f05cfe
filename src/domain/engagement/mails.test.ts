import { describe, expect, it } from 'vitest';

import { NOTIFICATION_SETTING_TEXTS } from '../accounts/rules.js';
import { COMMENT_EXCERPT_MAX, COMMENT_MAILS_PAUSED, commentNotificationMail, excerptAtWord } from './mails.js';

describe('excerptAtWord', () => {
  it('keeps a short text whole, on one line', () => {
    expect(excerptAtWord('Great   template,\nthanks!', 50)).toBe('Great template, thanks!');
  });

  it('cuts after the last whole word that fits, with an ellipsis', () => {
    expect(excerptAtWord('one two three four', 12)).toBe('one two…');
    expect(excerptAtWord('one two three four', 13)).toBe('one two three…');
  });

  it('counts an emoji as one character and never splits one', () => {
    expect(excerptAtWord('😀😀😀 ok', 3)).toBe('😀😀😀…');
    expect(excerptAtWord('😀😀😀😀😀', 4)).toBe('😀😀😀😀…');
  });
});

describe('the comment notification e-mail', () => {
  it('names the commenter and the post, quotes the comment at a word, links the post, the setting that sends it and the one-click unsubscribe', () => {
    const long = `${'word '.repeat(60)}end`;
    const unsubscribe = 'https://tessera.example/api/emails/unsubscribe?list=activity&token=u.sig';
    const mail = commentNotificationMail(
      { commenter: 'ada', title: 'Lead Router', message: long, titleUrl: 'lead-router' },
      'https://tessera.example',
      unsubscribe,
    );
    expect(mail.subject).toBe('ada commented on "Lead Router"');
    expect(mail.text).toContain('https://tessera.example/resources/lead-router');
    expect(mail.text).toContain('https://tessera.example/account#settings-tabs-tab-notifications');
    expect(mail.text).toContain(NOTIFICATION_SETTING_TEXTS.allowEmailsFromPosts.label);
    expect(mail.text.endsWith(`Turn off comment e-mails: ${unsubscribe}`)).toBe(true);
    const quoted = /“(.*)”/u.exec(mail.text)![1]!;
    expect(quoted.endsWith('word…')).toBe(true);
    expect(Array.from(quoted).length).toBeLessThanOrEqual(COMMENT_EXCERPT_MAX + 1);
  });

  it('says in the last e-mail of an hour that reached the cap that no more will come for now, and only there', () => {
    const comment = { commenter: 'ada', title: 'Lead Router', message: 'Nice', titleUrl: 'lead-router' };
    const unsubscribe = 'https://tessera.example/api/emails/unsubscribe?list=activity&token=u.sig';
    expect(commentNotificationMail(comment, 'https://tessera.example', unsubscribe).text).not.toContain(COMMENT_MAILS_PAUSED);
    const last = commentNotificationMail(comment, 'https://tessera.example', unsubscribe, true).text;
    expect(last).toContain(COMMENT_MAILS_PAUSED);
    expect(last.endsWith(`Turn off comment e-mails: ${unsubscribe}`)).toBe(true);
  });
});
