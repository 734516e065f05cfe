import { v5 as uuidv5 } from 'uuid';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';
import { unsubscribeHeaders, unsubscribeUrl } from '../../commands/accounts/unsubscribe-token.js';
import type { TemplateVersionPublished } from '../../domain/templates/events.js';
import { versionNoticeMail } from '../../domain/templates/mails.js';
import { versionNoticeDecider, versionNoticeStream } from '../../domain/templates/versions.js';
import { resourceById } from '../read-models/templates/queries.js';
import { userById } from '../read-models/users/queries.js';
import { updateNoticeRecipients } from '../read-models/versions/queries.js';
import type { Reactor } from './reactor-runner.js';

const SYSTEM = { userId: null, role: 'system' } as const;
/** Namespace of the notice e-mails' ids (uuid v5 of post, recipient and version): the same on every attempt. */
const VERSION_NOTICE_NAMESPACE = '9b4e2f61-3c7a-4d85-a1f0-6e8d2b5c7a14';

/**
 * Tells a post's buyers, and the savers who asked, about each new version after the first: an
 * e-mail "‹title› was updated to v3" with the note and the diff's link, unless they turned
 * "New versions of templates I bought" off; the in-app "Updated" comes from the versions read model.
 * Exactly once per recipient and version: each outcome is `VersionNoticeSent` on a stream of its own,
 * read before sending, and the message id derives from post, recipient and version, so a crash
 * between the send and the record resends the same message (the outbox stores it once). Refunded
 * buyers (the read model drops them) and erased or blocked accounts get nothing. Starts at the head:
 * versions from before the feature are not mailed about.
 */
export function createVersionNoticeReactor(deps: {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  mail: MailSender;
  commands: CommandBus;
  publicUrl: string;
  /** Resolves once the read models include `position` (its buyers and savers are read from them). */
  waitForReadModels(position: bigint): Promise<boolean>;
}): Reactor {
  return {
    name: 'version-notices',
    handles: ['TemplateVersionPublished'],
    startsAt: 'head',
    async react(event) {
      const { templateId, version, changeNote, content } = event.data as TemplateVersionPublished['data'];
      if (version < 2) return;
      if (!(await deps.waitForReadModels(event.position)))
        throw new Error(`The read models did not reach position ${event.position} in time`);
      const post = await resourceById(deps.db, templateId);
      if (!post || post.status === 'deleted') return;
      for (const userId of await updateNoticeRecipients(deps.db, templateId)) {
        if (userId === post.author_id) continue;
        const stream = versionNoticeStream(templateId, userId, version);
        if ((await deps.commands.stateOf(versionNoticeDecider, stream)).sent) continue;
        const user = await userById(deps.db, userId);
        if (!user || user.erased || user.verification === 'blocked') continue;
        const messageId = uuidv5(`${templateId}/${userId}/${version}`, VERSION_NOTICE_NAMESPACE);
        const to =
          user.email_enc && user.notifications.allowPostUpdateEmails !== false ? await deps.vault.decrypt(user.id, user.email_enc) : null;
        if (to) {
          const unsubscribe = await unsubscribeUrl(deps.vault, deps.publicUrl, user.id, 'post-updates');
          const message = versionNoticeMail(
            { title: content.title, titleUrl: post.title_url, version, changeNote },
            deps.publicUrl,
            unsubscribe,
          );
          await deps.mail.send({ to, ...message, messageId, headers: unsubscribeHeaders(unsubscribe) });
        }
        await deps.commands.handle(
          versionNoticeDecider,
          stream,
          { type: 'RecordVersionNotice', data: { templateId, userId, version, messageId, emailed: to !== null } },
          { actor: SYSTEM, idempotencyKey: `${event.id}-${userId}` },
        );
      }
    },
  };
}
