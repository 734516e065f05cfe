import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { ACCOUNT_MESSAGES, normaliseEmail } from '../../domain/accounts/rules.js';
import { contactMessageDecider, memberMessageDecider, newsletterDecider, templateRequestDecider } from '../../domain/outreach/decider.js';
import { contactMessageStream, memberMessageStream, newsletterStream, templateRequestStream } from '../../domain/outreach/events.js';
import { acceptsMemberMessages, MEMBER_MESSAGE_TEXTS } from '../../domain/outreach/rules.js';
import type { ContactMessageForm, TemplateRequestForm } from '../../domain/outreach/schemas.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { userByUsername } from '../../projections/read-models/users/queries.js';
import type { CommandBus } from '../bus/handle-command.js';
import { newsletterSubscription } from './newsletter.js';

/** A signed-in sender: whether their address is verified decides whether they may write to members. */
export interface MemberSender {
  userId: string;
  verified: boolean;
  actor: Actor;
}

/** Newsletter subscriptions, contact messages, members' messages to each other, template requests. */
export function createOutreach(deps: { commands: CommandBus; db: Kysely<Schema>; vault: PersonalDataVault }) {
  const { commands, db, vault } = deps;
  return {
    /** Counter keys for e-mail addresses are keyed digests: the counters store holds no address in clear. */
    emailLimitKey: (email: string) => vault.blindIndex(`rate-limit:${email}`),

    /** Subscribes an address; `alreadySubscribed` when it was (nothing is written then). */
    async subscribe(email: string, actor: Actor): Promise<{ alreadySubscribed: boolean }> {
      const { digest, subscriberId } = await newsletterSubscription(vault, email);
      const result = await commands.handle(
        newsletterDecider,
        newsletterStream(digest),
        { type: 'Subscribe', data: { subscriberId, emailEnc: await vault.encrypt(subscriberId, email), userId: actor.userId } },
        { actor },
      );
      return { alreadySubscribed: result.events.length === 0 };
    },

    async sendContactMessage(form: ContactMessageForm, actor: Actor): Promise<void> {
      const messageId = randomUUID();
      const data = {
        messageId,
        nameEnc: await vault.encrypt(messageId, form.name),
        emailEnc: await vault.encrypt(messageId, normaliseEmail(form.email)),
        messageEnc: await vault.encrypt(messageId, form.message),
        reason: form.reason ?? null,
        senderUserId: actor.userId,
      };
      await commands.handle(contactMessageDecider, contactMessageStream(messageId), { type: 'SendContactMessage', data }, { actor });
    },

    /**
     * E-mails a member a message, if they take messages from members and the sender is verified and
     * someone else. `admit` (a rate limit) runs once those checks pass, before anything is written.
     */
    async sendMemberMessage(sender: MemberSender, recipientUsername: string, message: string, admit: () => Promise<void>): Promise<void> {
      const recipient = await userByUsername(db, recipientUsername);
      if (!recipient || recipient.erased) throw new DomainError('not_found', ACCOUNT_MESSAGES.userDoesNotExist);
      if (recipient.id === sender.userId) throw new DomainError('invalid', MEMBER_MESSAGE_TEXTS.ownProfile);
      if (!sender.verified) throw new DomainError('forbidden', MEMBER_MESSAGE_TEXTS.verifyFirst);
      if (!acceptsMemberMessages(recipient)) throw new DomainError('forbidden', MEMBER_MESSAGE_TEXTS.notAccepting);
      await admit();
      const messageId = randomUUID();
      await commands.handle(
        memberMessageDecider,
        memberMessageStream(messageId),
        {
          type: 'SendMemberMessage',
          data: { messageId, senderId: sender.userId, recipientId: recipient.id, messageEnc: await vault.encrypt(sender.userId, message) },
        },
        { actor: sender.actor },
      );
    },

    async requestTemplate(form: TemplateRequestForm, userId: string, actor: Actor): Promise<void> {
      const requestId = randomUUID();
      const { title, description, platform } = form;
      await commands.handle(
        templateRequestDecider,
        templateRequestStream(requestId),
        { type: 'RequestTemplate', data: { requestId, userId, title: title || null, description, platform: platform || null } },
        { actor },
      );
    },
  };
}

export type Outreach = ReturnType<typeof createOutreach>;
