import type { Kysely } from 'kysely';
import type { Schema } from '../adapters/db/schema.js';
import type { MailSender } from '../adapters/mail/port.js';
import type { PersonalDataVault } from '../adapters/vault/vault.js';
import type { DuplicatePaymentReceived } from '../domain/commerce/events.js';
import { duplicatePaymentRefundMail } from '../domain/commerce/mails.js';
import type { Actor } from '../domain/shared/events.js';
import type { Reactor } from '../projections/reactor-runner.js';
import { userById } from '../projections/read-models/users/queries.js';
import type { CommerceService } from './commerce.js';

const DUPLICATE_PAYMENT_ACTOR: Actor = { userId: null, role: 'system' };

/**
 * Refunds a payment that arrived while the buyer already owned the post (two tabs, a card and a
 * PayPal checkout both paid), through the provider that took it, and tells the buyer. Its own
 * reactor (own checkpoint), so a provider outage holds back these refunds only: the batch is
 * retried until the provider answers. A refusal for good (the payment was already refunded at the
 * provider, …) is recorded as DuplicatePaymentRefundFailed with the provider's reason, for an
 * admin to see in the post's history, and the reactor moves on. Exactly once: a replay after a restart finds the refund in
 * the purchase's events and asks the provider nothing; a crash between the provider's refund and
 * our append asks again, and the provider's idempotency answers the same refund.
 */
export function createDuplicatePaymentReactor(deps: { commerce: CommerceService; db: Kysely<Schema>; vault: PersonalDataVault; mail: MailSender }): Reactor {
  async function emailOf(userId: string): Promise<string | null> {
    const row = await userById(deps.db, userId);
    if (!row || row.erased || !row.email_enc) return null;
    return deps.vault.decrypt(row.id, row.email_enc);
  }

  return {
    name: 'duplicate-payments',
    handles: ['DuplicatePaymentReceived'],
    async react(event) {
      const duplicate = event.data as DuplicatePaymentReceived['data'];
      const context = { actor: DUPLICATE_PAYMENT_ACTOR, idempotencyKey: event.id, causationId: event.id, correlationId: event.metadata.correlationId, now: new Date(event.metadata.occurredAt) };
      const { refunded, refundId } = await deps.commerce.refundDuplicatePayment(duplicate, context);
      if (!refunded) return;
      const to = await emailOf(duplicate.buyerId);
      if (to) await deps.mail.send({ to, ...duplicatePaymentRefundMail({ title: duplicate.title, amount: duplicate.amount, provider: duplicate.provider, providerRefundId: refundId! }) });
    },
  };
}
