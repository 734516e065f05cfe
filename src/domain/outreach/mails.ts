import { accountTabPath } from '../accounts/account-tabs.js';
import { NOTIFICATION_SETTING_TEXTS } from '../accounts/rules.js';

/**
 * The e-mail a member gets when another sends them a message from their profile (unless they turned
 * "Messages from other members" off): the message whole, the sender's address to answer to (the mail's
 * Reply-To too), and the setting's page and `unsubscribeUrl`, which turns it off at once.
 */
export function memberMessageMail(
  message: { sender: string; senderEmail: string; text: string },
  publicUrl: string,
  unsubscribeUrl: string,
): { subject: string; text: string } {
  const setting = NOTIFICATION_SETTING_TEXTS.allowEmailsFromUsers.label;
  return {
    subject: `${message.sender} sent you a message on Tessera`,
    text: [
      `${message.sender} (${publicUrl}/users/${encodeURIComponent(message.sender)}) sent you a message on Tessera:`,
      message.text,
      `To answer, reply to this e-mail: it goes to ${message.sender} at ${message.senderEmail}. Tessera does not see your answer.`,
      `You get this e-mail because "${setting}" is on in your notification settings: ${publicUrl}${accountTabPath('notifications')}`,
      `Turn off messages from members: ${unsubscribeUrl}`,
    ].join('\n\n'),
  };
}
