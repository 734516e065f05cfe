import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import {
  ADMIN_DECISION_REASON_MAX,
  adminPriceSchema,
  parsePriceText,
  TEMPLATE_MESSAGES,
  templateEditSchema,
} from '../../../domain/templates/rules.js';
import { ADMIN_KEYWORD_SLOTS, PRICE_REQUEST_MESSAGES } from '../../../domain/templates/admin-edit.js';
import { takesCharges } from '../../../projections/read-models/commerce/queries.js';
import { pendingPriceRequests } from '../../../projections/read-models/price-requests/queries.js';
import { resourceById } from '../../../projections/read-models/templates/queries.js';
import { userById } from '../../../projections/read-models/users/queries.js';
import { HttpError } from '../../errors.js';
import type { TemplateRouteDeps } from './deps.js';
import { doneWithMessageSchema, successSchema } from './schemas.js';
import { adminTags as tags } from './shared.js';

/** The new price as a number or as the text typed (trimmed; blank keeps the price); 0 makes the post free. */
const priceInput = z.union([z.number(), z.string().trim()]).transform((value, context) => {
  if (value === '') return null;
  const parsed = adminPriceSchema.safeParse(typeof value === 'string' ? parsePriceText(value) : value);
  if (!parsed.success) {
    context.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
    return z.NEVER;
  }
  return parsed.data;
});

const priceRequestsSchema = z.object({
  data: z.array(
    z.object({
      resourceId: z.string(),
      title: z.string(),
      titleUrl: z.string(),
      requester: z.object({ _id: z.string(), username: z.string().nullable() }),
      currentPrice: z.number(),
      requestedPrice: z.number(),
      requestedAt: z.string(),
    }),
  ),
});

/** The decision is recorded whatever the mail server says: a failed notice is logged, not a failed decision. */
async function tellAuthor(
  deps: Pick<TemplateRouteDeps, 'db' | 'vault' | 'mail' | 'log'>,
  authorId: string,
  title: string,
  approved: boolean,
  price: number,
  reason: string | null,
): Promise<void> {
  try {
    const author = await userById(deps.db, authorId);
    const email = author?.email_enc ? await deps.vault.decrypt(authorId, author.email_enc) : null;
    if (!email) return;
    await deps.mail.send({
      to: email,
      subject: approved ? `Your new price for "${title}" is live` : `Your price change for "${title}" was declined`,
      text: approved
        ? `Hello ${author!.username},\n\nAn admin approved your request: "${title}" now costs $${price.toFixed(2)}.\n`
        : `Hello ${author!.username},\n\nAn admin declined your request to price "${title}" at $${price.toFixed(2)}.${reason ? `\nReason: ${reason}` : ''}\nThe price stays as it was.\n`,
    });
  } catch (error) {
    deps.log(`price-change notice to ${authorId} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Resource management's edit (descriptions, 3 keyword slots, new price) and the price-change inbox:
 * authors' requests (POST /zapier) approved or declined by an admin, the author told by e-mail.
 */
export function adminEditRoutes(deps: TemplateRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    async function existing(id: string) {
      const row = await resourceById(deps.db, id);
      if (!row || row.status === 'deleted') throw new HttpError(404, TEMPLATE_MESSAGES.doesNotExist);
      return row;
    }

    /** A paid post is bought through its author's payout account (as the create form requires): without one it can only be free. */
    async function refuseUnsellablePrice(authorId: string, price: number) {
      if (price > 0 && !(await takesCharges(deps.db, authorId))) throw new HttpError(400, PRICE_REQUEST_MESSAGES.authorCannotSell);
    }

    app.put(
      '/admin/resources/edit/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Correct the short and long descriptions and the keywords (published at once) and set a new price',
          params: z.object({ id: z.string().max(100) }),
          body: z.object({
            description: z.object({ short: templateEditSchema.shape.description, long: templateEditSchema.shape.instructions }).optional(),
            keywords: z
              .array(z.string())
              .max(ADMIN_KEYWORD_SLOTS, `At most ${ADMIN_KEYWORD_SLOTS} keywords`)
              .pipe(templateEditSchema.shape.keywords.unwrap())
              .optional(),
            newPrice: priceInput.nullish(),
          }),
          response: { 200: doneWithMessageSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await existing(request.params.id);
        const reviewer = { userId: viewer.userId, role: viewer.lvl };
        const { description, keywords, newPrice } = request.body;
        const priceChanges = newPrice !== undefined && newPrice !== null && Math.round(newPrice * 100) !== row.price_cents;
        // Before the first change: an edit is made whole or not at all.
        if (priceChanges) await refuseUnsellablePrice(row.author_id, newPrice);
        const changes = {
          ...(description?.short !== undefined && description.short !== row.description_short ? { description: description.short } : {}),
          ...(description?.long !== undefined && description.long !== row.description_long ? { instructions: description.long } : {}),
          ...(keywords !== undefined && JSON.stringify(keywords) !== JSON.stringify(row.keywords) ? { keywords } : {}),
        };
        let position = (await deps.templates.lifecycle.adminEdit(row.id, changes, reviewer)).position;
        if (priceChanges) position = (await deps.templates.lifecycle.changePrice(row.id, newPrice, reviewer)).position ?? position;
        await deps.settle(position);
        return { error: false as const, message: TEMPLATE_MESSAGES.updated };
      },
    );

    app.get(
      '/admin/price-requests',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "Authors' price-change requests waiting for a decision, oldest first",
          response: { 200: priceRequestsSchema },
        },
      },
      async () => {
        const rows = await pendingPriceRequests(deps.db);
        return {
          data: rows.map((row) => ({
            resourceId: row.template_id,
            title: row.title,
            titleUrl: row.title_url,
            requester: { _id: row.requester_id, username: row.username },
            currentPrice: row.price_cents / 100,
            requestedPrice: row.requested_price_cents / 100,
            requestedAt: row.requested_at.toISOString(),
          })),
        };
      },
    );

    app.post(
      '/admin/price-requests/:id/decide',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "Approve (the price changes) or decline an author's request; the author is told by e-mail",
          params: z.object({ id: z.string().max(100) }),
          body: z.object({
            approve: z.boolean(),
            requestedPrice: z.number().min(0),
            reason: z.string().trim().max(ADMIN_DECISION_REASON_MAX).optional(),
          }),
          response: { 200: successSchema },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const row = await existing(request.params.id);
        const { approve, requestedPrice, reason } = request.body;
        if (approve) await refuseUnsellablePrice(row.author_id, requestedPrice);
        const result = await deps.templates.lifecycle.decidePriceChange(row.id, approve, requestedPrice, reason || null, {
          userId: viewer.userId,
          role: viewer.lvl,
        });
        await deps.settle(result.position);
        await tellAuthor(deps, row.author_id, row.title, approve, requestedPrice, reason || null);
        return { success: true as const, message: approve ? PRICE_REQUEST_MESSAGES.approved : PRICE_REQUEST_MESSAGES.declined };
      },
    );
  };
}
