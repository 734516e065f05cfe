import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayManagePost } from '../../../domain/accounts/access.js';
import { COMMERCE_MESSAGES } from '../../../domain/commerce/messages.js';
import { SUPPORTED_CURRENCIES, toMajorUnits } from '../../../domain/commerce/money.js';
import { z } from '../../../domain/shared/zod.js';
import { isPublic } from '../../../domain/templates/lifecycle.js';
import { TEMPLATE_MESSAGES } from '../../../domain/templates/rules.js';
import { activePurchaseOf, purchasesOfBuyer, salesOf, type SalesAnswer } from '../../../projections/read-models/commerce/queries.js';
import { engagedResource } from '../../../projections/read-models/engagement/queries.js';
import { resourceById, resourceByTitleUrl } from '../../../projections/read-models/templates/queries.js';
import { holdingOf, holdingsOfBuyer, versionOf } from '../../../projections/read-models/versions/queries.js';
import { HttpError } from '../../errors.js';
import { engagedResourceSchema } from '../engagement/index.js';
import { tags, type CommerceRouteDeps } from './deps.js';

const currency = z.enum(SUPPORTED_CURRENCIES);
const paymentStatus = z.enum(['paid', 'refunded']);
const purchasedAnswer = z.object({
  resources: z.array(
    engagedResourceSchema.extend({
      purchased: z.literal(true),
      /** The version the buyer chose ("See it" opens it), the post's latest, and whether a newer one waits ("Updated"). */
      versionHeld: z.number().nullable(),
      latestVersion: z.number(),
      updateAvailable: z.boolean(),
      purchase: z.object({
        purchaseId: z.string(),
        revision: z.number(),
        title: z.string(),
        price: z.number(),
        currency,
        date: z.string(),
      }),
    }),
  ),
  total: z.number(),
  /** How many of them have a version newer than the one held (the Purchased Posts count's "Updated"). */
  updated: z.number(),
});
const salesAnswer = z.object({
  salesData: z.array(z.object({ date: z.string(), count: z.number(), title: z.string(), paymentStatus, amount: z.number(), currency })),
  productsSold: z.number(),
  totalEarnings: z.number(),
  owedByPlatform: z.number(),
  revenue: z.number(),
  currency,
  productsCreated: z.number(),
  paymentData: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      platformFee: z.number(),
      currency,
      description: z.string(),
      date: z.string(),
      status: paymentStatus,
      buyerId: z.string(),
      templateId: z.string(),
      receivedBy: z.enum(['seller', 'platform']),
    }),
  ),
  views: z.number(),
  kudos: z.number(),
  comments: z.number(),
  saves: z.number(),
  hasPayoutAccount: z.boolean(),
}) satisfies z.ZodType<SalesAnswer>;

/** What was bought: a bought post's link, the buyer's purchases, the seller's sales (sections 2.4, 2.9). */
export function purchaseRoutes(deps: CommerceRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/decode-link/:link',
      {
        config: { access: 'anyone' },
        schema: {
          tags,
          summary: 'The template link of a post (its id or title URL): for its author, admins and buyers (the revision they bought)',
          params: z.object({ link: z.string().min(1).max(300) }),
          response: {
            200: z.object({ error: z.literal(false), link: z.string(), revision: z.number().optional(), version: z.number().optional() }),
          },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        const row = (await resourceById(db, request.params.link)) ?? (await resourceByTitleUrl(db, request.params.link));
        if (!row || row.status === 'deleted') throw new HttpError(404, TEMPLATE_MESSAGES.doesNotExist);
        if (mayManagePost(viewer, row.author_id)) return { error: false as const, link: row.url };
        // A post waiting for review or taken down is not there for others, free or not (as its page says).
        if (row.price_cents <= 0 && isPublic(row.status)) return { error: false as const, link: row.url };
        const purchase = viewer === null ? undefined : await activePurchaseOf(db, row.id, viewer.userId);
        if (!purchase)
          throw isPublic(row.status) ? new HttpError(403, COMMERCE_MESSAGES.noAccess) : new HttpError(404, TEMPLATE_MESSAGES.doesNotExist);
        // The version the buyer chose (the one bought until they switch); purchases from before versions keep their revision's link.
        const holding = await holdingOf(db, row.id, viewer!.userId);
        const chosen = holding ? await versionOf(db, row.id, holding.held) : undefined;
        if (chosen) return { error: false as const, link: chosen.content.url, revision: purchase.revision, version: chosen.version };
        return { error: false as const, link: purchase.url, revision: purchase.revision };
      },
    );

    app.put(
      '/users/private/me/purchases',
      {
        config: { access: 'signed_in', tokenScope: 'read' },
        schema: {
          tags,
          summary: 'Purchased posts, newest first, each with the viewer’s prevActions and what was bought',
          response: { 200: purchasedAnswer },
        },
      },
      async (request) => {
        const viewerId = request.viewer!.userId;
        const [purchases, holdings] = await Promise.all([purchasesOfBuyer(db, viewerId), holdingsOfBuyer(db, viewerId)]);
        const resources = [];
        for (const purchase of purchases) {
          const resource = await engagedResource(db, deps.vault, purchase.template_id, viewerId);
          if (!resource) continue;
          const holding = holdings.get(purchase.template_id);
          resources.push({
            ...resource,
            purchased: true as const,
            versionHeld: holding?.held ?? null,
            latestVersion: holding?.latest ?? 0,
            updateAvailable: holding !== undefined && holding.held < holding.latest,
            purchase: {
              purchaseId: purchase.purchase_id,
              revision: purchase.revision,
              title: purchase.title,
              price: toMajorUnits(purchase),
              currency: purchase.currency,
              date: purchase.purchased_at.toISOString(),
            },
          });
        }
        return { resources, total: resources.length, updated: resources.filter((resource) => resource.updateAvailable).length };
      },
    );

    app.get(
      '/users/sales-data',
      {
        config: { access: 'signed_in', tokenScope: 'read' },
        schema: { tags, summary: "The seller's sales, payments and their posts' tallies", response: { 200: salesAnswer } },
      },
      async (request) => salesOf(db, request.viewer!.userId),
    );
  };
}
