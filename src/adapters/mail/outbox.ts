import { sql, type Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Schema } from '../db/schema.js';
import { OUTBOX_DEFAULT_LIMIT, OUTBOX_MAX_LIMIT, OUTBOX_RETENTION_MS, type MailOutbox, type MailSender } from './port.js';

/**
 * The mail adapter without an SMTP server: every message is kept in the mail_outbox table, where
 * the development mailbox page (/dev/mailbox) shows it — so a local user can still read their code.
 */
export function createOutboxMailer(db: Kysely<Schema>): MailSender & MailOutbox {
  return {
    kind: 'outbox',
    async send(message) {
      // UUIDv7 ids (time-ordered, monotonic within a process) break ties between messages stored in
      // the same tick of the database clock — PGlite's ticks in milliseconds — so newest-first is exact.
      // A message with its own id is stored once, however often it is sent.
      await db
        .insertInto('mail_outbox')
        .values({
          id: message.messageId ?? uuidv7(),
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await db
        .deleteFrom('mail_outbox')
        .where('sent_at', '<', sql<Date>`now() - make_interval(secs => ${OUTBOX_RETENTION_MS / 1000})`)
        .execute();
    },
    async forgetRecipient(to) {
      await db
        .deleteFrom('mail_outbox')
        .where((eb) => eb(eb.fn('lower', ['to']), '=', to.trim().toLowerCase()))
        .execute();
    },
    async list(options = {}) {
      const requested = options.limit !== undefined && Number.isFinite(options.limit) ? Math.trunc(options.limit) : OUTBOX_DEFAULT_LIMIT;
      const limit = Math.min(Math.max(requested, 1), OUTBOX_MAX_LIMIT);
      let query = db.selectFrom('mail_outbox').select(['id', 'to', 'subject', 'text', 'html', 'sent_at']);
      const to = options.to?.trim();
      if (to) query = query.where((eb) => eb(eb.fn('lower', ['to']), '=', to.toLowerCase()));
      const rows = await query.orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ id: row.id, to: row.to, subject: row.subject, text: row.text, html: row.html, sentAt: row.sent_at }));
    },
  };
}
