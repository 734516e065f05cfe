import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { minorUnitDigits, toMajorUnits } from '../../../domain/commerce/money.js';
import { z } from '../../../domain/shared/zod.js';
import { HttpError } from '../../errors.js';
import { member, tags, type CommerceRouteDeps } from './deps.js';

export const idOf = z.object({ _id: z.string().min(1).max(100).optional(), id: z.string().min(1).max(100).optional() }).passthrough();

/** What the capture answers: PayPal's capture (completed), its issue (declined), or only where to go (owned already). */
const captureAnswer = z.object({
  id: z.string(),
  status: z.literal('COMPLETED').optional(),
  purchased: z.boolean(),
  purchase_units: z
    .array(
      z.object({
        payments: z.object({
          captures: z.array(
            z.object({
              id: z.string(),
              status: z.literal('COMPLETED'),
              amount: z.object({ currency_code: z.string(), value: z.string() }),
            }),
          ),
        }),
      }),
    )
    .optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
  debug_id: z.string().nullable().optional(),
  restartUrl: z.string().nullable().optional(),
  redirectUrl: z.string(),
});

/** Buying a post: the card checkout, PayPal-style orders and their capture, and the return from checkout (sections 2.3, 2.4, 7). */
export function checkoutRoutes(deps: CommerceRouteDeps): FastifyPluginAsyncZod {
  const { commerce } = deps;
  const originOf = deps.linkOrigin;
  return async (app) => {
    app.post(
      '/create-checkout-session',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'A hosted checkout for a paid post; priced by the server from the post (amounts or currencies sent are ignored)',
          body: z.object({ data: idOf }).passthrough(),
          response: { 200: z.object({ id: z.string(), url: z.string() }) },
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
          summary:
            'A PayPal-style order for a paid post: id and where the buyer approves it; priced by the server from the post (cart amounts or currencies sent are ignored)',
          body: z
            .object({
              cart: z
                .array(z.object({ id: z.string().min(1).max(100) }).passthrough())
                .min(1)
                .max(1),
            })
            .passthrough(),
          response: { 200: z.object({ id: z.string(), status: z.literal('CREATED'), approveUrl: z.string() }) },
        },
      },
      async (request) => {
        const order = await commerce.createOrder(member(request), request.body.cart[0]!.id, originOf(request));
        return { id: order.orderId, status: 'CREATED' as const, approveUrl: order.approveUrl };
      },
    );

    app.post(
      '/orders/:orderID/capture',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary:
            "Capture the buyer's approved order: PayPal's capture answer (purchase_units payments), or details[0].issue (INSTRUMENT_DECLINED: approve again at restartUrl); not captured when the buyer owns the post by now",
          params: z.object({ orderID: z.string().min(1).max(100) }),
          body: z.object({}).passthrough().nullish(),
          response: { 200: captureAnswer },
        },
      },
      async (request) => {
        const outcome = await commerce.captureOrder(member(request), request.params.orderID);
        const detailUrl = `/resources/${encodeURIComponent(outcome.titleUrl)}`;
        // Nothing was paid this time: back to the post the buyer owns, without a purchase result.
        if (outcome.status === 'owned') return { id: request.params.orderID, purchased: true, redirectUrl: detailUrl };
        // The call worked and the payment did not: PayPal's issue rides in the answer for the page to read (spec 7).
        if (outcome.status === 'declined') {
          return {
            id: request.params.orderID,
            purchased: false,
            details: [{ issue: outcome.issue }],
            debug_id: outcome.debugId,
            restartUrl: outcome.restartUrl,
            redirectUrl: `${detailUrl}?success=false`,
          };
        }
        const amount = {
          currency_code: outcome.amount.currency,
          value: toMajorUnits(outcome.amount).toFixed(minorUnitDigits(outcome.amount.currency)),
        };
        return {
          id: request.params.orderID,
          status: 'COMPLETED' as const,
          purchased: outcome.purchased,
          purchase_units: [{ payments: { captures: [{ id: outcome.captureId, status: 'COMPLETED' as const, amount }] } }],
          redirectUrl: `${detailUrl}?success=${outcome.purchased}`,
        };
      },
    );

    app.post(
      '/update-resource',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'The buyer is back from checkout (/success): confirm the purchase and say where to go',
          body: z.object({ id: z.string().min(1).max(100), sessionId: z.string().min(1).max(4000) }),
          response: {
            200: z.object({ purchased: z.boolean(), postRemoved: z.boolean(), quoteExpired: z.boolean(), redirectUrl: z.string() }),
          },
        },
      },
      async (request) => {
        const result = await commerce.confirmReturn(member(request), request.body.id, request.body.sessionId);
        // postRemoved: the post was removed while the buyer paid; quoteExpired: paid after the checkout's price stopped holding, at a
        // price changed since. Either payment is being refunded (the page says so instead of going to the post).
        return {
          purchased: result.purchased,
          postRemoved: result.postRemoved,
          quoteExpired: result.quoteExpired,
          redirectUrl: `/resources/${encodeURIComponent(result.titleUrl)}?success=${result.purchased}`,
        };
      },
    );
  };
}
