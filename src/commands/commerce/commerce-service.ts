import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { OrderPaymentProvider } from '../../adapters/payments/orders-port.js';
import { PaymentProviderUnavailableError, PaymentRefusedError, type PaymentProvider, type ProviderNotice } from '../../adapters/payments/port.js';
import { accountTabPath } from '../../domain/accounts/account-tabs.js';
import { platformFeeOf } from '../../domain/commerce/commission.js';
import { payoutAccountStream, purchaseStream, type PaymentProviderName } from '../../domain/commerce/events.js';
import { COMMERCE_MESSAGES } from '../../domain/commerce/messages.js';
import { belowMinimumCharge, DEFAULT_CURRENCY, formatMoney, type Money } from '../../domain/commerce/money.js';
import { payoutAccountDecider, payoutStatusOf } from '../../domain/commerce/payout-account.js';
import {
  CHECKOUT_SESSION_TTL_MS,
  INSTRUMENT_DECLINED,
  ORDER_PROVIDER_NAME,
  PAYPAL_RETURN_PARAM,
  checkoutRefusal,
  openCheckout,
  purchaseDecider,
  type Offer,
  type PurchaseState,
  type ReturnedPayment,
} from '../../domain/commerce/purchase.js';
import { DomainError, type Actor, type Decider, type DomainEvent } from '../../domain/shared/events.js';
import { isForSale } from '../../domain/templates/lifecycle.js';
import { TEMPLATE_MESSAGES } from '../../domain/templates/rules.js';
import { activePurchaseOf, checkoutBySession, payoutAccountOf, payoutAccountOwner, purchaseByProviderPayment } from '../../projections/read-models/commerce/queries.js';
import { resourceById } from '../../projections/read-models/templates/queries.js';
import type { CommandBus, CommandContext } from '../bus/handle-command.js';

export interface CommerceServiceDeps {
  commands: CommandBus;
  store: EventStore;
  db: Kysely<Schema>;
  provider: PaymentProvider;
  /** PayPal-style orders (create, buyer approves, capture): PayPal, or the local sandbox. */
  orders: OrderPaymentProvider;
  /** The platform's share of each sale in percent (0 during the beta). */
  platformFeePercent: number;
  /** Waits (bounded) until the read models have applied a position. */
  waitForReadModels(position: bigint): Promise<unknown>;
}

export type Member = Actor & { userId: string };

export type OrderCaptureOutcome = { titleUrl: string } & (
  | { status: 'completed'; captureId: string; amount: Money; purchased: boolean }
  | { status: 'declined'; issue: string; debugId: string | null; restartUrl: string | null }
  /** The buyer owns the post through another checkout: the order is left uncaptured (it lapses), nothing paid twice. */
  | { status: 'owned' }
);

/**
 * Any failure of the provider call is an outage to us (503, nothing written before it), except a
 * refusal the adapter knows to be permanent (PaymentRefusedError), which callers may record.
 */
async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError || error instanceof PaymentRefusedError || error instanceof DomainError) throw error;
    throw new PaymentProviderUnavailableError(error instanceof Error ? error.message : String(error));
  }
}

/** The money path: payout accounts, checkout, the provider's webhooks, the /success return and refunds. */
export class CommerceService {
  constructor(private readonly deps: CommerceServiceDeps) {}

  /** The platform fee on new sales, in percent: what the pages quote (a past sale keeps the fee recorded with it). */
  get platformFeePercent(): number {
    return this.deps.platformFeePercent;
  }

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  get orderProvider(): OrderPaymentProvider {
    return this.deps.orders;
  }

  async #fold<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string): Promise<S> {
    const history = await this.deps.store.readStream(streamId);
    return history.reduce((state, event) => decider.evolve(state, event as unknown as E), decider.initialState());
  }

  async #settle(position: bigint | null): Promise<void> {
    if (position !== null) await this.deps.waitForReadModels(position);
  }

  // ── Payout accounts ──────────────────────────────────────────────────────────────────────────

  /** Opens a payout account if the seller has none, and answers where to complete onboarding. */
  async connect(seller: Member, email: string | null, origin: string): Promise<{ accountLinkUrl: string }> {
    const stream = payoutAccountStream(seller.userId);
    let accountId = (await this.#fold(payoutAccountDecider, stream)).accountId;
    if (accountId === null) {
      const created = await fromProvider(() => this.deps.provider.createAccount({ userId: seller.userId, email }));
      const result = await this.deps.commands.handle(payoutAccountDecider, stream, { type: 'ConnectPayoutAccount', data: { userId: seller.userId, provider: this.deps.provider.name, accountId: created.accountId } }, { actor: seller });
      await this.#settle(result.position);
      // Two clicks at once: the account the first one recorded is the seller's.
      accountId = (await this.#fold(payoutAccountDecider, stream)).accountId!;
    }
    const back = `${origin}${accountTabPath('payments')}`;
    const link = await fromProvider(() => this.deps.provider.onboardingLink({ accountId: accountId!, returnUrl: back, refreshUrl: back }));
    return { accountLinkUrl: link.url };
  }

  /** Disconnect, or Start Fresh (the next Connect opens a new account). */
  async disconnect(seller: Member, reason: 'disconnect' | 'reset'): Promise<void> {
    const result = await this.deps.commands.handle(payoutAccountDecider, payoutAccountStream(seller.userId), { type: 'DisconnectPayoutAccount', data: { userId: seller.userId, reason } }, { actor: seller });
    await this.#settle(result.position);
  }

  // ── Buying ───────────────────────────────────────────────────────────────────────────────────

  /** What the server sells: the post's price, approved content and revision, and its seller's account. */
  async offerFor(templateId: string): Promise<Offer> {
    const row = await resourceById(this.deps.db, templateId);
    if (!row || row.status === 'deleted') throw new DomainError('not_found', TEMPLATE_MESSAGES.doesNotExist);
    const account = await payoutAccountOf(this.deps.db, row.author_id);
    return {
      templateId,
      sellerId: row.author_id,
      forSale: isForSale(row.status),
      price: { amount: row.price_cents, currency: DEFAULT_CURRENCY },
      bought: { revision: row.content_revision, title: row.title, titleUrl: row.title_url, url: row.url },
      sellerPayoutStatus: account?.status ?? payoutStatusOf(null),
      sellerAccountId: account?.accountId ?? null,
    };
  }

  /** A card checkout session (Stripe, or the sandbox's card page) for this buyer and post. */
  async startCheckout(buyer: Member, templateId: string, origin: string): Promise<{ sessionId: string; url: string }> {
    const { minimumCharge } = this.deps.provider;
    const session = await this.#startCheckoutWith(buyer, templateId, this.deps.provider.name, async ({ checkoutId, offer, platformFee, expiresAt }) => {
      // The provider would refuse the session (an answer that reads as an outage): say so before asking.
      if (belowMinimumCharge(offer.price, minimumCharge)) {
        throw new DomainError('invalid', COMMERCE_MESSAGES.belowCardMinimum(formatMoney(minimumCharge)));
      }
      return this.deps.provider.createCheckout({
        checkoutId,
        templateId,
        buyerId: buyer.userId,
        title: offer.bought.title,
        price: offer.price,
        sellerAccountId: offer.sellerAccountId!,
        platformFee,
        successUrl: `${origin}/success?resourceid=${encodeURIComponent(templateId)}&sessionid={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/resources/${encodeURIComponent(offer.bought.titleUrl)}?success=false`,
        expiresAt,
      });
    });
    return { sessionId: session.providerSessionId, url: session.url };
  }

  // ── PayPal-style orders ──────────────────────────────────────────────────────────────────────

  /** A PayPal-style order for this buyer and post: the buyer approves it at `approveUrl`, then we capture it. */
  async createOrder(buyer: Member, templateId: string, origin: string): Promise<{ orderId: string; approveUrl: string }> {
    const order = await this.#startCheckoutWith(buyer, templateId, ORDER_PROVIDER_NAME, async ({ checkoutId, offer }) => {
      const detailUrl = `${origin}/resources/${encodeURIComponent(offer.bought.titleUrl)}`;
      const created = await this.deps.orders.createOrder({
        checkoutId,
        templateId,
        buyerId: buyer.userId,
        title: offer.bought.title,
        price: offer.price,
        returnUrl: `${detailUrl}?${PAYPAL_RETURN_PARAM}=1`,
        cancelUrl: `${detailUrl}?success=false`,
      });
      return { sessionId: created.orderId, url: created.approveUrl };
    });
    return { orderId: order.providerSessionId, approveUrl: order.url };
  }

  /**
   * Starts a checkout of this post for this buyer with one provider, priced from the post, with the
   * same refusals whatever the provider. The provider is asked first and the checkout recorded after,
   * so an outage writes nothing; an open checkout with the same provider is offered again, and when
   * two requests of the buyer race, the one recorded first is the one the buyer pays.
   */
  async #startCheckoutWith(
    buyer: Member,
    templateId: string,
    provider: PaymentProviderName,
    openAtProvider: (checkout: { checkoutId: string; offer: Offer; platformFee: Money; expiresAt: Date }) => Promise<{ sessionId: string; url: string }>,
  ): Promise<{ providerSessionId: string; url: string }> {
    const offer = await this.offerFor(templateId);
    const stream = purchaseStream(templateId, buyer.userId);
    const state = await this.#fold(purchaseDecider, stream);
    const now = new Date();
    const refusal = checkoutRefusal(state, buyer.userId, offer);
    if (refusal) throw refusal;
    const open = openCheckout(state, offer, now.toISOString(), provider);
    if (open) return { providerSessionId: open.providerSessionId, url: open.checkoutUrl };

    const checkoutId = randomUUID();
    const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS);
    // One fee for the provider and the log: whichever provider takes the money, the sale keeps the percent of its day.
    const platformFee = platformFeeOf(offer.price, this.deps.platformFeePercent);
    const session = await fromProvider(() => openAtProvider({ checkoutId, offer, platformFee, expiresAt }));
    const result = await this.deps.commands.handle(
      purchaseDecider,
      stream,
      { type: 'StartCheckout', data: { checkoutId, buyerId: buyer.userId, offer, platformFee, session: { provider, providerSessionId: session.sessionId, checkoutUrl: session.url, expiresAt: expiresAt.toISOString() }, now: now.toISOString() } },
      { actor: buyer },
    );
    if (result.events.length > 0) {
      await this.#settle(result.position);
      return { providerSessionId: session.sessionId, url: session.url };
    }
    // Another request of this buyer opened a checkout first: pay that one (this session just expires unused).
    const winner = openCheckout(await this.#fold(purchaseDecider, stream), offer, new Date().toISOString(), provider);
    if (winner) return { providerSessionId: winner.providerSessionId, url: winner.checkoutUrl };
    throw new DomainError('conflict', COMMERCE_MESSAGES.alreadyPurchased);
  }

  /**
   * Captures the buyer's approved order. A completed capture records the payment with the same
   * command a card webhook runs (one purchase however often, or however concurrently, it is
   * captured); INSTRUMENT_DECLINED answers where the buyer approves again (the flow restarts); an
   * order of a post the buyer owns by now is not captured.
   */
  async captureOrder(buyer: Member, orderId: string): Promise<OrderCaptureOutcome> {
    const checkout = await checkoutBySession(this.deps.db, orderId);
    if (!checkout || checkout.provider !== ORDER_PROVIDER_NAME || checkout.buyer_id !== buyer.userId) throw new DomainError('not_found', COMMERCE_MESSAGES.checkoutNotFound);
    const stream = purchaseStream(checkout.template_id, buyer.userId);
    const titleUrl = (await this.offerFor(checkout.template_id)).bought.titleUrl;
    const state = await this.#fold(purchaseDecider, stream);
    const known = state.checkouts[checkout.checkout_id];
    if (known?.paid) return { status: 'completed', captureId: known.paid.providerPaymentId, amount: known.paid.amount, titleUrl, purchased: true };
    // Bought by card since this order was approved: capturing would take the money only for it to be refunded.
    if (state.active !== null) return { status: 'owned', titleUrl };

    const capture = await fromProvider(() => this.deps.orders.captureOrder(orderId));
    if (capture.status === 'declined') {
      return { status: 'declined', issue: capture.issue, debugId: capture.debugId, restartUrl: capture.issue === INSTRUMENT_DECLINED ? (known?.started?.checkoutUrl ?? null) : null, titleUrl };
    }
    await this.applyNotice({
      kind: 'checkout_paid',
      provider: ORDER_PROVIDER_NAME,
      eventId: `capture:${capture.captureId}`,
      checkoutId: checkout.checkout_id,
      templateId: checkout.template_id,
      buyerId: buyer.userId,
      sessionId: orderId,
      paymentId: capture.captureId,
      amount: capture.amount,
    });
    const purchased = (await activePurchaseOf(this.deps.db, checkout.template_id, buyer.userId)) !== undefined;
    return { ...capture, titleUrl, purchased };
  }

  /** A verified provider webhook, applied once however often and in whatever order it arrives. */
  async applyNotice(notice: ProviderNotice): Promise<void> {
    const actor: Actor = { userId: null, role: 'system' };
    const context = { actor, idempotencyKey: `${notice.provider}:${notice.eventId}` };
    switch (notice.kind) {
      case 'account': {
        const owner = notice.userId ?? (await payoutAccountOwner(this.deps.db, notice.accountId));
        if (owner === null) return;
        const { accountId, detailsSubmitted, chargesEnabled, observedAt, eventId } = notice;
        const result = await this.deps.commands.handle(payoutAccountDecider, payoutAccountStream(owner), {
          type: 'RecordPayoutAccountState',
          data: { userId: owner, accountId, providerEventId: eventId, detailsSubmitted, chargesEnabled, observedAt },
        }, context);
        await this.#settle(result.position);
        return;
      }
      case 'account_deauthorized': {
        const owner = await payoutAccountOwner(this.deps.db, notice.accountId);
        // An account the seller already left (disconnected, started afresh) is no longer theirs to disconnect.
        if (owner === null || (await this.#fold(payoutAccountDecider, payoutAccountStream(owner))).accountId !== notice.accountId) return;
        const result = await this.deps.commands.handle(payoutAccountDecider, payoutAccountStream(owner), { type: 'DisconnectPayoutAccount', data: { userId: owner, reason: 'disconnect' } }, context);
        await this.#settle(result.position);
        return;
      }
      case 'checkout_paid': {
        const { checkoutId, templateId, buyerId, paymentId, amount, eventId, provider } = notice;
        const result = await this.deps.commands.handle(purchaseDecider, purchaseStream(templateId, buyerId), {
          type: 'RecordPaymentSucceeded',
          data: { checkoutId, templateId, buyerId, provider, providerEventId: eventId, providerPaymentId: paymentId, amount },
          postRemoved: await this.#postRemoved(templateId),
        }, context);
        await this.#settle(result.position);
        return;
      }
      case 'checkout_failed': {
        const { checkoutId, templateId, buyerId, reason, eventId, provider } = notice;
        const result = await this.deps.commands.handle(purchaseDecider, purchaseStream(templateId, buyerId), {
          type: 'RecordPaymentFailed',
          data: { checkoutId, templateId, buyerId, provider, providerEventId: eventId, reason },
        }, context);
        await this.#settle(result.position);
        return;
      }
      case 'refunded': {
        const purchase = await purchaseByProviderPayment(this.deps.db, notice.paymentId);
        if (!purchase) return;
        const result = await this.deps.commands.handle(purchaseDecider, purchaseStream(purchase.template_id, purchase.buyer_id), {
          type: 'RefundPurchase',
          data: { purchaseId: null, providerPaymentId: notice.paymentId, provider: notice.provider, providerRefundId: notice.refundId, refundedBy: null },
        }, context);
        await this.#settle(result.position);
        return;
      }
      case 'ignored':
        return;
    }
  }

  /**
   * The buyer is back on /success: when the webhook has not been applied yet, ask the provider about
   * the session and record what it says (the same command a webhook runs, so nothing counts twice).
   * Answers whether the buyer now owns the post, and the post's address.
   */
  async confirmReturn(buyer: Member, templateId: string, sessionId: string): Promise<{ purchased: boolean; postRemoved: boolean; titleUrl: string }> {
    const row = await resourceById(this.deps.db, templateId);
    if (!row) throw new DomainError('not_found', TEMPLATE_MESSAGES.doesNotExist);
    const known = await checkoutBySession(this.deps.db, sessionId);
    if (known && (known.buyer_id !== buyer.userId || known.template_id !== templateId)) throw new DomainError('not_found', COMMERCE_MESSAGES.checkoutNotFound);
    if (!(await activePurchaseOf(this.deps.db, templateId, buyer.userId))) {
      const session = await fromProvider(() => this.deps.provider.retrieveCheckout(sessionId));
      if (session.status === 'paid' && session.paymentId && session.checkoutId && session.templateId === templateId && session.buyerId === buyer.userId && session.amount) {
        await this.applyNotice({
          kind: 'checkout_paid',
          provider: this.deps.provider.name,
          eventId: `session:${sessionId}`,
          checkoutId: session.checkoutId,
          templateId,
          buyerId: buyer.userId,
          sessionId,
          paymentId: session.paymentId,
          amount: session.amount,
        });
      }
    }
    const purchased = (await activePurchaseOf(this.deps.db, templateId, buyer.userId)) !== undefined;
    // A post removed while the buyer paid: its payment is refunded (the payment-return reactor), and the buyer is told so.
    return { purchased, postRemoved: !purchased && (await this.#postRemoved(templateId)), titleUrl: row.title_url };
  }

  /** Removed from the catalogue: deleted by its seller or for good by an admin. Paying for it buys nothing. */
  async #postRemoved(templateId: string): Promise<boolean> {
    const row = await resourceById(this.deps.db, templateId);
    return !row || row.status === 'deleted';
  }

  /**
   * An admin gives the buyer their money back through the provider that took it (the card provider,
   * or PayPal orders): the provider first, then the event (an outage writes nothing).
   */
  async refund(admin: Member, templateId: string, buyerId: string): Promise<{ position: bigint | null }> {
    const stream = purchaseStream(templateId, buyerId);
    const state = await this.#fold(purchaseDecider, stream);
    const purchase = state.active;
    if (!purchase) throw state.refunded.length > 0 ? new DomainError('conflict', COMMERCE_MESSAGES.alreadyRefunded) : new DomainError('not_found', COMMERCE_MESSAGES.notPurchased);
    const refund = await this.#refundAtProvider(purchase.provider, purchase.providerPaymentId);
    const result = await this.deps.commands.handle(
      purchaseDecider,
      stream,
      { type: 'RefundPurchase', data: { purchaseId: purchase.purchaseId, provider: purchase.provider, providerRefundId: refund.refundId, refundedBy: admin.userId } },
      { actor: admin, idempotencyKey: `refund:${refund.refundId}` },
    );
    await this.#settle(result.position);
    return { position: result.position };
  }

  /**
   * Gives back a payment that bought nothing: one that arrived while the buyer already owned the post,
   * or one for a post removed meanwhile (the payment-return reactor calls it). Already refunded, or
   * refused for good: nothing asked, nothing written. Otherwise the provider is asked (its refund is
   * idempotent per payment, so a retry after a crash is the same refund), then the refund recorded; a
   * permanent refusal is recorded with the provider's reason (for the admin) instead of being retried.
   * An outage throws (the reactor retries). Answers whether this call recorded a refund (and so the
   * buyer is to be told).
   */
  async returnPayment(payment: ReturnedPayment, context: CommandContext): Promise<{ refunded: boolean; refundId: string | null }> {
    const stream = purchaseStream(payment.templateId, payment.buyerId);
    const known = (await this.#fold(purchaseDecider, stream)).checkouts[payment.checkoutId];
    if (known?.returned || known?.returnFailed) return { refunded: false, refundId: null };
    let refund: { refundId: string };
    try {
      refund = await this.#refundAtProvider(payment.provider, payment.providerPaymentId);
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error;
      const failed = await this.deps.commands.handle(purchaseDecider, stream, { type: 'RecordPaymentReturnFailure', data: { checkoutId: payment.checkoutId, reason: error.reason } }, context);
      await this.#settle(failed.position);
      return { refunded: false, refundId: null };
    }
    const result = await this.deps.commands.handle(purchaseDecider, stream, { type: 'RecordPaymentReturned', data: { checkoutId: payment.checkoutId, providerRefundId: refund.refundId } }, context);
    await this.#settle(result.position);
    return { refunded: !result.repeated && result.events.length > 0, refundId: refund.refundId };
  }

  /** One payment back, through the provider that took it: card payments from the card provider, PayPal captures from the orders provider. */
  async #refundAtProvider(provider: PaymentProviderName, paymentId: string): Promise<{ refundId: string }> {
    if (provider === ORDER_PROVIDER_NAME) return fromProvider(() => this.deps.orders.refundCapture(paymentId));
    // A payment the sandbox took cannot be refunded by Stripe, nor the other way round (the server was switched since).
    if (provider !== this.deps.provider.name) throw new PaymentProviderUnavailableError(`The payment ${paymentId} was taken by ${provider}, which is not configured now`);
    return fromProvider(() => this.deps.provider.refund({ paymentId, reason: 'requested_by_customer' }));
  }

  /** The purchase state of one buyer and post, folded from its stream (tests and the detail page's checks). */
  purchaseState(templateId: string, buyerId: string): Promise<PurchaseState> {
    return this.#fold(purchaseDecider, purchaseStream(templateId, buyerId));
  }
}

