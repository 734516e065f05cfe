import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYOUT_STATUSES, payoutStatusOf } from '../../../domain/commerce/payout-account.js';
import { z } from '../../../domain/shared/zod.js';
import { payoutAccountOf } from '../../../projections/read-models/commerce/queries.js';
import { userById } from '../../../projections/read-models/users/queries.js';
import { actorOf } from '../../actors.js';
import { member, ownAccount, tags, type CommerceRouteDeps } from './deps.js';

const userParams = z.object({ userId: z.string().min(1).max(100) });
const payoutStatus = z.enum(PAYOUT_STATUSES);

/** A seller's payout account: its status, onboarding, and leaving it (posts-payments-rewards.md section 2.8). */
export function payoutAccountRoutes(deps: CommerceRouteDeps): FastifyPluginAsyncZod {
  const { db, commerce } = deps;

  /** The seller's e-mail address, which the provider's onboarding starts from. */
  async function emailOf(userId: string): Promise<string | null> {
    const user = await userById(db, userId);
    return user?.email_enc ? deps.vault.decrypt(user.id, user.email_enc) : null;
  }

  return async (app) => {
    app.get(
      '/stripe/account-status/:userId',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: "A seller's payout account status (their own; admins anyone's)",
          params: userParams,
          response: {
            200: z.object({
              status: payoutStatus,
              details_submitted: z.boolean(),
              charges_enabled: z.boolean(),
              email: z.string().nullable(),
              provider: z.string(),
            }),
          },
        },
      },
      async (request) => {
        ownAccount(request.viewer!, request.params.userId);
        const account = await payoutAccountOf(db, request.params.userId);
        return {
          status: account?.status ?? payoutStatusOf(null),
          details_submitted: account?.detailsSubmitted ?? false,
          charges_enabled: account?.chargesEnabled ?? false,
          email: await emailOf(request.params.userId),
          provider: commerce.provider.name,
        };
      },
    );

    app.post(
      '/stripe/account',
      {
        config: { access: 'verified' },
        schema: {
          tags,
          summary: 'Open (or continue) payout-account onboarding; answers where to go',
          body: z.object({ user: z.unknown().optional() }).passthrough().optional(),
          response: { 200: z.object({ accountLinkUrl: z.string() }) },
        },
      },
      async (request) => {
        const seller = member(request);
        return commerce.connect(seller, await emailOf(seller.userId), deps.linkOrigin(request));
      },
    );

    for (const [path, reason, summary] of [
      ['/stripe/disconnect/:userId', 'disconnect', 'Disconnect the payout account'],
      ['/stripe/reset-onboarding/:userId', 'reset', 'Start Fresh: drop the half-done account; the next Connect opens a new one'],
    ] as const) {
      app.post(
        path,
        {
          config: { access: 'signed_in' },
          schema: { tags, summary, params: userParams, response: { 200: z.object({ error: z.literal(false), status: payoutStatus }) } },
        },
        async (request) => {
          ownAccount(request.viewer!, request.params.userId);
          const viewer = request.viewer!;
          await commerce.disconnect({ ...actorOf(viewer), userId: request.params.userId }, reason);
          return { error: false as const, status: payoutStatusOf(null) };
        },
      );
    }
  };
}
