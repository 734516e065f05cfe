import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from '../../domain/shared/zod.js';
import type { Schema } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import type { CommerceService, Member } from '../../commands/commerce/commerce-service.js';
import type { ExchangeRateSource } from '../../adapters/exchange-rates/rates.js';
import { COMMERCE_MESSAGES } from '../../domain/commerce/messages.js';
import { payoutStatusOf } from '../../domain/commerce/payout-account.js';
import { minorUnitDigits, toMajorUnits } from '../../domain/commerce/money.js';
import { isPublic } from '../../domain/templates/lifecycle.js';
import { TEMPLATE_MESSAGES } from '../../domain/templates/rules.js';
import { activePurchaseOf, payoutAccountOf, purchasesOfBuyer, purchasesOfTemplate, salesOf } from '../../projections/read-models/commerce/queries.js';
import { engagedResource } from '../../projections/read-models/engagement/queries.js';
import { resourceById, resourceByTitleUrl } from '../../projections/read-models/templates/queries.js';
import { userById, usernamesByIds } from '../../projections/read-models/users/queries.js';
import type { Viewer } from '../access.js';
import { actorOf } from '../actors.js';
import { HttpError } from '../errors.js';
import type { LinkOrigin } from '../public-origin.js';
import { tooDeepJsonBody } from '../json-body.js';
import { isStaff, mayManagePost } from '../../domain/accounts/access.js';

export interface CommerceRouteDeps {
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  commerce: CommerceService;
  exchangeRates: ExchangeRateSource;
  /** Where the provider sends buyers and sellers back to (PUBLIC_URL). */
  linkOrigin: LinkOrigin;
}

/** Where the provider's webhooks arrive (Stripe's, and the sandbox's which speak the same format). */
export const PAYMENT_WEBHOOK_PATH = '/stripe/webhook';

const userParams = z.object({ userId: z.string().min(1).max(100) });
const idOf = z.object({ _id: z.string().min(1).max(100).optional(), id: z.string().min(1).max(100).optional() }).passthrough();

function member(request: FastifyRequest): Member {
  const viewer = request.viewer!;
  return { ...actorOf(viewer), userId: viewer.userId };
}


/** One's own payout account; admins may look at anyone's. */
function ownAccount(viewer: Viewer, userId: string): void {
  if (userId !== viewer.userId && !isStaff(viewer)) throw new HttpError(403, COMMERCE_MESSAGES.notYourPayoutAccount);
}

/**
 * Payout accounts, checkout, the payment return, purchased posts, the link of a bought post, sales,
 * refunds and the provider's webhooks (posts-payments-rewards.md sections 2.3, 2.4, 2.8, 2.9, 7).
 */
export function commerceRoutes(deps: CommerceRouteDeps): FastifyPluginAsyncZod {
  const { db, commerce } = deps;
  const originOf = deps.linkOrigin;
  return async (app) => {
    const tags = ['payments'];

    app.get(
      '/stripe/account-status/:userId',
      { config: { access: 'signed_in' }, schema: { tags, summary: "A seller's payout account status (their own; admins anyone's)", params: userParams } },
      async (request) => {
        ownAccount(request.viewer!, request.params.userId);
        const user = await userById(db, request.params.userId);
        const account = await payoutAccountOf(db, request.params.userId);
        const email = user?.email_enc ? await deps.vault.decrypt(user.id, user.email_enc) : null;
        return {
          status: account?.status ?? payoutStatusOf(null),
          details_submitted: account?.detailsSubmitted ?? false,
          charges_enabled: account?.chargesEnabled ?? false,
          email,
          provider: commerce.provider.name,
        };
      },
    );

    app.post(
      '/stripe/account',
      { config: { access: 'verified' }, schema: { tags, summary: 'Open (or continue) payout-account onboarding; answers where to go', body: z.object({ user: z.unknown().optional() }).passthrough().optional() } },
      async (request) => {
        const seller = member(request);
        const user = await userById(db, seller.userId);
        const email = user?.email_enc ? await deps.vault.decrypt(user.id, user.email_enc) : null;
        return commerce.connect(seller, email, originOf(request));
      },
    );

    for (const [path, reason, summary] of [
      ['/stripe/disconnect/:userId', 'disconnect', 'Disconnect the payout account'],
      ['/stripe/reset-onboarding/:userId', 'reset', 'Start Fresh: drop the half-done account; the next Connect opens a new one'],
    ] as const) {
      app.post(path, { config: { access: 'signed_in' }, schema: { tags, summary, params: userParams } }, async (request) => {
        ownAccount(request.viewer!, request.params.userId);
        const viewer = request.viewer!;
        await commerce.disconnect({ ...actorOf(viewer), userId: request.params.userId }, reason);
        return { error: false, status: payoutStatusOf(null) };
      });
    }

    app.get(
      '/exchange-rates',
      { config: { access: 'anyone' }, schema: { tags, summary: 'Rates from USD for showing prices in another currency (display only: charges stay in USD)' } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return deps.exchangeRates.current();
      },
    );

    app.get('/config/stripe', { config: { access: 'anyone' }, schema: { tags, summary: 'Which card provider takes payments (no publishable key: checkout is hosted)' } }, async () => ({
      publishableKey: '',
      provider: commerce.provider.name,
    }));

    app.post(
      '/create-checkout-session',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'A hosted checkout for a paid post; priced by the server from the post (amounts or currencies sent are ignored)',
          body: z.object({ data: idOf }).passthrough(),
        },
      },
      async (request) => {
        const templateId = request.body.data._id ?? request.body.data.id;
        if (!templateId) throw new HttpError(400, 'data._id: the post to buy is missing');
        const session = await commerce.startCheckout(member(request), templateId, originOf(request));
        return { id: session.sessionId, url: session.url };
      },
    );

    // PayPal-style orders (spec 2.3, 7): the same refusals and server pricing as the card checkout.
    app.post(
      '/orders',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'A PayPal-style order for a paid post: id and where the buyer approves it; priced by the server from the post (cart amounts or currencies sent are ignored)',
          body: z.object({ cart: z.array(z.object({ id: z.string().min(1).max(100) }).passthrough()).min(1).max(1) }).passthrough(),
        },
      },
      async (request) => {
        const order = await commerce.createOrder(member(request), request.body.cart[0]!.id, originOf(request));
        return { id: order.orderId, status: 'CREATED', approveUrl: order.approveUrl };
      },
    );

    app.post(
      '/orders/:orderID/capture',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: "Capture the buyer's approved order: PayPal's capture answer (purchase_units payments), or details[0].issue (INSTRUMENT_DECLINED: approve again at restartUrl); not captured when the buyer owns the post by now",
          params: z.object({ orderID: z.string().min(1).max(100) }),
          body: z.object({}).passthrough().nullish(),
        },
      },
      async (request) => {
        const outcome = await commerce.captureOrder(member(request), request.params.orderID);
        const detailUrl = `/resources/${encodeURIComponent(outcome.titleUrl)}`;
        // Nothing was paid this time: back to the post the buyer owns, without a purchase result.
        if (outcome.status === 'owned') return { id: request.params.orderID, purchased: true, redirectUrl: detailUrl };
        // The call worked and the payment did not: PayPal's issue rides in the answer for the page to read (spec 7).
        if (outcome.status === 'declined') {
          return { id: request.params.orderID, purchased: false, details: [{ issue: outcome.issue }], debug_id: outcome.debugId, restartUrl: outcome.restartUrl, redirectUrl: `${detailUrl}?success=false` };
        }
        const amount = { currency_code: outcome.amount.currency, value: toMajorUnits(outcome.amount).toFixed(minorUnitDigits(outcome.amount.currency)) };
        return {
          id: request.params.orderID,
          status: 'COMPLETED',
          purchased: outcome.purchased,
          purchase_units: [{ payments: { captures: [{ id: outcome.captureId, status: 'COMPLETED', amount }] } }],
          redirectUrl: `${detailUrl}?success=${outcome.purchased}`,
        };
      },
    );

    app.post(
      '/update-resource',
      {
        config: { access: 'signed_in' },
        schema: { tags, summary: 'The buyer is back from checkout (/success): confirm the purchase and say where to go', body: z.object({ id: z.string().min(1).max(100), sessionId: z.string().min(1).max(4000) }) },
      },
      async (request) => {
        const result = await commerce.confirmReturn(member(request), request.body.id, request.body.sessionId);
        // postRemoved: the post was removed while the buyer paid; the payment is being refunded (the page says so instead of going to it).
        return { purchased: result.purchased, postRemoved: result.postRemoved, redirectUrl: `/resources/${encodeURIComponent(result.titleUrl)}?success=${result.purchased}` };
      },
    );

    app.get(
      '/decode-link/:link',
      { config: { access: 'anyone' }, schema: { tags, summary: "The template link of a post (its id or title URL): for its author, admins and buyers (the revision they bought)", params: z.object({ link: z.string().min(1).max(300) }) } },
      async (request) => {
        const viewer = request.viewer;
        const row = (await resourceById(db, request.params.link)) ?? (await resourceByTitleUrl(db, request.params.link));
        if (!row || row.status === 'deleted') throw new HttpError(404, TEMPLATE_MESSAGES.doesNotExist);
        if (mayManagePost(viewer, row.author_id)) return { error: false, link: row.url };
        // A post waiting for review or taken down is not there for others, free or not (as its page says).
        if (row.price_cents <= 0 && isPublic(row.status)) return { error: false, link: row.url };
        const purchase = viewer === null ? undefined : await activePurchaseOf(db, row.id, viewer.userId);
        if (!purchase) throw isPublic(row.status) ? new HttpError(403, COMMERCE_MESSAGES.noAccess) : new HttpError(404, TEMPLATE_MESSAGES.doesNotExist);
        return { error: false, link: purchase.url, revision: purchase.revision };
      },
    );

    app.put(
      '/users/private/me/purchases',
      { config: { access: 'signed_in' }, schema: { tags, summary: 'Purchased posts, newest first, each with the viewer’s prevActions and what was bought' } },
      async (request) => {
        const viewerId = request.viewer!.userId;
        const purchases = await purchasesOfBuyer(db, viewerId);
        const resources = [];
        for (const purchase of purchases) {
          const resource = await engagedResource(db, deps.vault, purchase.template_id, viewerId);
          if (!resource) continue;
          resources.push({
            ...resource,
            purchased: true,
            purchase: { purchaseId: purchase.purchase_id, revision: purchase.revision, title: purchase.title, price: toMajorUnits(purchase), currency: purchase.currency, date: purchase.purchased_at.toISOString() },
          });
        }
        return { resources, total: resources.length };
      },
    );

    app.get('/users/sales-data', { config: { access: 'signed_in' }, schema: { tags, summary: "The seller's sales, payments and their posts' tallies" } }, async (request) => salesOf(db, request.viewer!.userId));

    app.get(
      '/admin/resources/:id/purchases',
      { config: { access: 'admin' }, schema: { tags: ['admin'], summary: "A post's purchases, refunded ones too (for the refund button)", params: z.object({ id: z.string().min(1).max(100) }) } },
      async (request) => {
        const purchases = await purchasesOfTemplate(db, request.params.id);
        const names = await usernamesByIds(db, purchases.map((purchase) => purchase.buyer_id));
        return {
          purchases: purchases.map((purchase) => ({
            purchaseId: purchase.purchase_id,
            buyerId: purchase.buyer_id,
            buyerUsername: names.get(purchase.buyer_id) ?? null,
            amount: toMajorUnits(purchase),
            currency: purchase.currency,
            date: purchase.purchased_at.toISOString(),
            refunded: purchase.refunded_at !== null,
          })),
        };
      },
    );

    app.post(
      '/refund',
      { config: { access: 'admin' }, schema: { tags: ['admin'], summary: "Refund a buyer's purchase of a post: the buyer loses access, the seller's totals drop it", body: z.object({ data: idOf, buyerId: z.string().min(1).max(100) }).passthrough() } },
      async (request) => {
        const templateId = request.body.data._id ?? request.body.data.id;
        if (!templateId) throw new HttpError(400, 'data._id: the post is missing');
        await commerce.refund(member(request), templateId, request.body.buyerId);
        return { error: false, message: 'The purchase was refunded.' };
      },
    );

    // The provider's webhooks: verified on the raw bytes, so this route alone keeps its body as text.
    // The parsed JSON rides along so the text rule (no NUL, no lone surrogates) sees what it carries.
    await app.register(async (hooks) => {
      hooks.removeAllContentTypeParsers();
      hooks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
        const tooDeep = tooDeepJsonBody(body as string);
        if (tooDeep) {
          done(tooDeep, undefined);
          return;
        }
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(body as string);
        } catch {
          // Not JSON: the signature check refuses it.
        }
        done(null, { raw: body, parsed });
      });
      hooks.post(
        PAYMENT_WEBHOOK_PATH,
        { config: { access: 'anyone' }, schema: { tags, summary: 'Payment provider webhooks (signature checked on the raw body; each event applied once)' } },
        async (request) => {
          const body = request.body as { raw?: unknown } | undefined;
          const raw = typeof body?.raw === 'string' ? body.raw : '';
          const header = request.headers['stripe-signature'];
          const notice = commerce.provider.parseWebhook(raw, Array.isArray(header) ? header[0] : header);
          await commerce.applyNotice(notice);
          return { received: true };
        },
      );
    });
  };
}
