import { v5 as uuidv5 } from 'uuid';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { MemberMessageSent } from '../../domain/outreach/events.js';
import { memberMessageMail } from '../../domain/outreach/mails.js';
import { acceptsMemberMessages } from '../../domain/outreach/rules.js';
import type { Reactor } from './reactor-runner.js';
import { userById } from '../read-models/users/queries.js';
import { unsubscribeHeaders, unsubscribeUrl } from '../../commands/accounts/unsubscribe-token.js';

/** Namespace of the message e-mails' ids, derived from the message's (uuid v5). */
const MEMBER_MESSAGE_MAIL_NAMESPACE = '8f0d4c2a-61b7-4e95-a3c8-2d5e7b9f1a64';

/**
 * E-mails a member's message to its recipient, with the sender's address as Reply-To: not to an
 * erased or blocked account, not when the recipient has turned "Messages from other members"
 * (allowEmailsFromUsers) off since it was sent, not from a sender erased meanwhile (their text is
 * gone with their key). At least once by the runner, once in the mailbox: the message id comes from
 * the member message's, as for comment e-mails.
 */
export function createMemberMessageReactor(deps: {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  mail: MailSender;
  publicUrl: string;
}): Reactor {
  return {
    name: 'member-messages',
    handles: ['MemberMessageSent'],
    async react(event) {
      const sent = event.data as MemberMessageSent['data'];
      const [recipient, sender] = await Promise.all([userById(deps.db, sent.recipientId), userById(deps.db, sent.senderId)]);
      if (!recipient || !acceptsMemberMessages(recipient) || !recipient.email_enc) return;
      if (!sender || sender.erased || !sender.email_enc) return;
      const [to, senderEmail, text] = await Promise.all([
        deps.vault.decrypt(recipient.id, recipient.email_enc),
        deps.vault.decrypt(sender.id, sender.email_enc),
        deps.vault.decrypt(sender.id, sent.messageEnc),
      ]);
      if (!to || !senderEmail || !text) return;
      const unsubscribe = await unsubscribeUrl(deps.vault, deps.publicUrl, recipient.id, 'messages');
      const message = memberMessageMail({ sender: sender.username, senderEmail, text }, deps.publicUrl, unsubscribe);
      await deps.mail.send({
        to,
        ...message,
        messageId: uuidv5(sent.messageId, MEMBER_MESSAGE_MAIL_NAMESPACE),
        replyTo: senderEmail,
        headers: unsubscribeHeaders(unsubscribe),
      });
    },
  };
}
