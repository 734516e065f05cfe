import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { ExpiredQuotePaymentReceived } from '../../domain/commerce/events.js';
import { duplicatePaymentRefundMail, expiredQuoteRefundMail, removedPostRefundMail } from '../../domain/commerce/mails.js';
import type { ReturnedPayment } from '../../domain/commerce/purchase.js';
import type { Actor } from '../../domain/shared/events.js';
import type { Reactor } from './reactor-runner.js';
import { userById } from '../read-models/users/queries.js';
import type { CommerceService } from '../../commands/commerce/commerce-service.js';

const PAYMENT_RETURN_ACTOR: Actor = { userId: null, role: 'system' };

/**
 * Refunds a payment that bought nothing, through the provider that took it, and tells the buyer: one
 * that arrived while the buyer already owned the post (two tabs, a card and a PayPal checkout both
 * paid), one for a post removed while the buyer paid, or one at a price whose quote stopped holding. Its own reactor (own checkpoint), so a
 * provider outage holds back these refunds only: the batch is retried until the provider answers. A
 * refusal for good (the payment was already refunded at the provider, …) is recorded
 * (DuplicatePaymentRefundFailed, RemovedPostPaymentRefundFailed) with the provider's reason, for an
 * admin to see in the post's history, and the reactor moves on. Exactly once: a replay after a
 * restart finds the refund in the purchase's events and asks the provider nothing; a crash between
 * the provider's refund and our append asks again, and the provider's idempotency answers the same refund.
 */
export function createPaymentReturnReactor(deps: {
  commerce: CommerceService;
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  mail: MailSender;
}): Reactor {
  async function emailOf(userId: string): Promise<string | null> {
    const row = await userById(deps.db, userId);
    if (!row || row.erased || !row.email_enc) return null;
    return deps.vault.decrypt(row.id, row.email_enc);
  }

  return {
    // Its checkpoint's name from when it returned duplicate payments only: renaming it would run the log again.
    name: 'duplicate-payments',
    handles: ['DuplicatePaymentReceived', 'RemovedPostPaymentReceived', 'ExpiredQuotePaymentReceived'],
    async react(event) {
      const payment = event.data as ReturnedPayment;
      const context = {
        actor: PAYMENT_RETURN_ACTOR,
        idempotencyKey: event.id,
        causationId: event.id,
        correlationId: event.metadata.correlationId,
        now: new Date(event.metadata.occurredAt),
      };
      const { refunded, refundId } = await deps.commerce.returnPayment(payment, context);
      if (!refunded) return;
      const to = await emailOf(payment.buyerId);
      if (!to) return;
      const refund = { title: payment.title, amount: payment.amount, provider: payment.provider, providerRefundId: refundId! };
      const mail =
        event.type === 'ExpiredQuotePaymentReceived'
          ? expiredQuoteRefundMail({ ...refund, currentPrice: (payment as ExpiredQuotePaymentReceived['data']).currentPrice })
          : event.type === 'RemovedPostPaymentReceived'
            ? removedPostRefundMail(refund)
            : duplicatePaymentRefundMail(refund);
      await deps.mail.send({ to, ...mail });
    },
  };
}
