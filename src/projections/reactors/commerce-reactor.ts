import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { MailSender } from '../../adapters/mail/port.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { PurchaseRecorded, PurchaseRefunded } from '../../domain/commerce/events.js';
import { purchaseReceiptMail, refundMail, saleNotificationMail } from '../../domain/commerce/mails.js';
import type { Actor, RecordedEvent } from '../../domain/shared/events.js';
import { templateDecider } from '../../domain/templates/decider.js';
import { templateStream } from '../../domain/templates/events.js';
import type { Reactor } from './reactor-runner.js';
import { userById } from '../read-models/users/queries.js';
import type { CommandBus } from '../../commands/bus/handle-command.js';

const COMMERCE_ACTOR: Actor = { userId: null, role: 'system' };

/**
 * Follows purchases onto the post: a purchase makes the buyer an owner (the delete rule counts
 * owners; the rewards reactor pays the purchase reward from TemplatePurchased), a refund takes
 * that back. Each is appended once (the source event's id is the idempotency key), and the
 * e-mails go out only with the append that is new, so a replay does not mail twice.
 */
export function createCommerceReactor(deps: {
  commands: CommandBus;
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  mail: MailSender;
  publicUrl: string;
}): Reactor {
  async function contact(userId: string): Promise<{ email: string | null; name: string }> {
    const row = await userById(deps.db, userId);
    if (!row || row.erased) return { email: null, name: 'a member' };
    return { email: row.email_enc ? await deps.vault.decrypt(row.id, row.email_enc) : null, name: row.username };
  }

  async function mail(to: string | null, message: { subject: string; text: string }): Promise<void> {
    if (to) await deps.mail.send({ to, ...message });
  }

  const context = (event: RecordedEvent) => ({
    actor: COMMERCE_ACTOR,
    idempotencyKey: event.id,
    causationId: event.id,
    correlationId: event.metadata.correlationId,
    now: new Date(event.metadata.occurredAt),
  });

  return {
    name: 'commerce',
    handles: ['PurchaseRecorded', 'PurchaseRefunded'],
    async react(event) {
      if (event.type === 'PurchaseRecorded') {
        const data = event.data as PurchaseRecorded['data'];
        const result = await deps.commands.handle(
          templateDecider,
          templateStream(data.templateId),
          { type: 'RecordPurchase', data: { templateId: data.templateId, buyerId: data.buyerId, priceCents: data.price.amount } },
          context(event),
        );
        if (result.repeated || result.events.length === 0) return;
        const [buyer, seller] = await Promise.all([contact(data.buyerId), contact(data.sellerId)]);
        const sale = {
          title: data.bought.title,
          price: data.price,
          platformFee: data.platformFee,
          pageUrl: `${deps.publicUrl}/resources/${data.bought.titleUrl}`,
          purchaseId: data.purchaseId,
          provider: data.provider,
          providerPaymentId: data.providerPaymentId,
        };
        await mail(seller.email, saleNotificationMail(sale, buyer.name));
        await mail(buyer.email, purchaseReceiptMail(sale, seller.name));
        return;
      }
      if (event.type === 'PurchaseRefunded') {
        const data = event.data as PurchaseRefunded['data'];
        const result = await deps.commands.handle(
          templateDecider,
          templateStream(data.templateId),
          { type: 'RecordPurchaseRefund', data: { templateId: data.templateId, buyerId: data.buyerId } },
          context(event),
        );
        if (result.repeated || result.events.length === 0) return;
        const [buyer, seller] = await Promise.all([contact(data.buyerId), contact(data.sellerId)]);
        const refund = {
          title: data.title,
          amount: data.amount,
          purchaseId: data.purchaseId,
          provider: data.provider,
          providerRefundId: data.providerRefundId,
        };
        await mail(buyer.email, refundMail(refund, 'buyer'));
        await mail(seller.email, refundMail(refund, 'seller'));
      }
    },
  };
}
