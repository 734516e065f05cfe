import { accountTabPath } from '../accounts/account-tabs.js';
import { NOTIFICATION_SETTING_TEXTS } from '../accounts/rules.js';
import { versionNoticeSubject } from './versions.js';

/**
 * The e-mail a buyer (or a saver who asked) gets when a post has a new version: its note and a link
 * to what changed since the version before, ending with the settings page and the one-click unsubscribe.
 */
export function versionNoticeMail(
  notice: { title: string; titleUrl: string; version: number; changeNote: string | null },
  publicUrl: string,
  unsubscribeUrl: string,
): { subject: string; text: string } {
  const setting = NOTIFICATION_SETTING_TEXTS.allowPostUpdateEmails.label;
  const page = `${publicUrl}/resources/${encodeURIComponent(notice.titleUrl)}`;
  return {
    subject: versionNoticeSubject(notice.title, notice.version),
    text: [
      `"${notice.title}" was updated to v${notice.version}.`,
      ...(notice.changeNote ? [`The author's note: “${notice.changeNote}”`] : []),
      `See what changed: ${page}?diff=${notice.version - 1}-${notice.version}`,
      `You keep the version you have until you switch on the template's page.`,
      `You get this e-mail because "${setting}" is on in your notification settings: ${publicUrl}${accountTabPath('notifications')}`,
      `Turn off these e-mails: ${unsubscribeUrl}`,
    ].join('\n\n'),
  };
}
