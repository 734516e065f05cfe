import { randomUUID } from 'node:crypto';
import { platformFeeOf } from '../../domain/commerce/commission.js';
import { purchaseStream, type PaymentProviderName } from '../../domain/commerce/events.js';
import { COMMERCE_MESSAGES } from '../../domain/commerce/messages.js';
import { belowMinimumCharge, formatMoney, type Money } from '../../domain/commerce/money.js';
import { CHECKOUT_SESSION_TTL_MS } from '../../domain/commerce/checkout-timing.js';
import {
  ORDER_PROVIDER_NAME,
  PAYPAL_RETURN_PARAM,
  checkoutRefusal,
  openCheckout,
  purchaseDecider,
  type Offer,
} from '../../domain/commerce/purchase.js';
import { DomainError } from '../../domain/shared/events.js';
import { fromProvider, nowOf, settle, type CommerceServiceDeps, type Member } from './deps.js';
import { offerFor } from './offers.js';

/** A card checkout session (Stripe, or the sandbox's card page) for this buyer and post. */
export async function startCardCheckout(
  deps: CommerceServiceDeps,
  buyer: Member,
  templateId: string,
  origin: string,
): Promise<{ sessionId: string; url: string }> {
  const { minimumCharge } = deps.provider;
  const session = await startCheckoutWith(
    deps,
    buyer,
    templateId,
    deps.provider.name,
    async ({ checkoutId, offer, platformFee, expiresAt }) => {
      // The provider would refuse the session (an answer that reads as an outage): say so before asking.
      if (belowMinimumCharge(offer.price, minimumCharge)) {
        throw new DomainError('invalid', COMMERCE_MESSAGES.belowCardMinimum(formatMoney(minimumCharge)));
      }
      return deps.provider.createCheckout({
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
    },
  );
  return { sessionId: session.providerSessionId, url: session.url };
}

/** A PayPal-style order for this buyer and post: the buyer approves it at `approveUrl`, then we capture it. */
export async function createOrder(
  deps: CommerceServiceDeps,
  buyer: Member,
  templateId: string,
  origin: string,
): Promise<{ orderId: string; approveUrl: string }> {
  const order = await startCheckoutWith(deps, buyer, templateId, ORDER_PROVIDER_NAME, async ({ checkoutId, offer }) => {
    const detailUrl = `${origin}/resources/${encodeURIComponent(offer.bought.titleUrl)}`;
    const created = await deps.orders.createOrder({
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
async function startCheckoutWith(
  deps: CommerceServiceDeps,
  buyer: Member,
  templateId: string,
  provider: PaymentProviderName,
  openAtProvider: (checkout: {
    checkoutId: string;
    offer: Offer;
    platformFee: Money;
    expiresAt: Date;
  }) => Promise<{ sessionId: string; url: string }>,
): Promise<{ providerSessionId: string; url: string }> {
  const offer = await offerFor(deps, templateId);
  const stream = purchaseStream(templateId, buyer.userId);
  const state = await deps.commands.stateOf(purchaseDecider, stream);
  const now = nowOf(deps);
  const refusal = checkoutRefusal(state, buyer.userId, offer);
  if (refusal) throw refusal;
  const open = openCheckout(state, offer, now.toISOString(), provider);
  if (open) return { providerSessionId: open.providerSessionId, url: open.checkoutUrl };

  const checkoutId = randomUUID();
  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS);
  // One fee for the provider and the log: whichever provider takes the money, the sale keeps the percent of its day.
  const platformFee = platformFeeOf(offer.price, deps.platformFeePercent);
  const session = await fromProvider(() => openAtProvider({ checkoutId, offer, platformFee, expiresAt }));
  const result = await deps.commands.handle(
    purchaseDecider,
    stream,
    {
      type: 'StartCheckout',
      data: {
        checkoutId,
        buyerId: buyer.userId,
        offer,
        platformFee,
        session: { provider, providerSessionId: session.sessionId, checkoutUrl: session.url, expiresAt: expiresAt.toISOString() },
        now: now.toISOString(),
      },
    },
    { actor: buyer },
  );
  if (result.events.length > 0) {
    await settle(deps, result.position);
    return { providerSessionId: session.sessionId, url: session.url };
  }
  // Another request of this buyer opened a checkout first: pay that one (this session just expires unused).
  const winner = openCheckout(await deps.commands.stateOf(purchaseDecider, stream), offer, nowOf(deps).toISOString(), provider);
  if (winner) return { providerSessionId: winner.providerSessionId, url: winner.checkoutUrl };
  throw new DomainError('conflict', COMMERCE_MESSAGES.alreadyPurchased);
}
