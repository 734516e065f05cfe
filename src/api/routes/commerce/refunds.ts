import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toMajorUnits } from '../../../domain/commerce/money.js';
import { z } from '../../../domain/shared/zod.js';
import { purchasesOfTemplate } from '../../../projections/read-models/commerce/queries.js';
import { usernamesByIds } from '../../../projections/read-models/users/queries.js';
import { HttpError } from '../../errors.js';
import { idOf } from './checkout.js';
import { member, type CommerceRouteDeps } from './deps.js';

const tags = ['admin'];
const purchasesAnswer = z.object({
  purchases: z.array(
    z.object({
      purchaseId: z.string(),
      buyerId: z.string(),
      buyerUsername: z.string().nullable(),
      amount: z.number(),
      currency: z.string(),
      date: z.string(),
      refunded: z.boolean(),
    }),
  ),
});

/** An admin's refunds: a post's purchases, and giving a buyer their money back (section 2.9). */
export function refundRoutes(deps: CommerceRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/resources/:id/purchases',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "A post's purchases, refunded ones too (for the refund button)",
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 200: purchasesAnswer },
        },
      },
      async (request) => {
        const purchases = await purchasesOfTemplate(deps.db, request.params.id);
        const names = await usernamesByIds(
          deps.db,
          purchases.map((purchase) => purchase.buyer_id),
        );
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
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "Refund a buyer's purchase of a post: the buyer loses access, the seller's totals drop it",
          body: z.object({ data: idOf, buyerId: z.string().min(1).max(100) }).passthrough(),
          response: { 200: z.object({ error: z.literal(false), message: z.string() }) },
        },
      },
      async (request) => {
        const templateId = request.body.data._id ?? request.body.data.id;
        if (!templateId) throw new HttpError(400, 'data._id: the post is missing');
        await deps.commerce.refund(member(request), templateId, request.body.buyerId);
        return { error: false as const, message: 'The purchase was refunded.' };
      },
    );
  };
}
