import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessTokens } from '../../../commands/integrations/access-tokens.js';
import { createTokenSchema, TOKEN_SCOPES, type AccessTokenSummary } from '../../../domain/integrations/tokens.js';
import { z } from '../../../domain/shared/zod.js';
import { actorOf } from '../../actors.js';
import type { Settle } from '../route-deps.js';

const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable().describe('Recorded to the hour'),
}) satisfies z.ZodType<AccessTokenSummary>;

/**
 * Personal access tokens. Managed only from a signed-in session: a token can neither make nor list
 * nor revoke tokens (no tokenScope on these routes).
 */
export function accessTokenRoutes(deps: { accessTokens: AccessTokens; settle: Settle }): FastifyPluginAsyncZod {
  const { accessTokens } = deps;
  return async (app) => {
    const tags = ['integrations'];

    app.post(
      '/tokens',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'Create a personal access token: the token is answered this once, then kept only as a hash',
          body: createTokenSchema.describe('For example {"name": "Sales sheet", "scopes": ["read"]}'),
          response: {
            201: z
              .object({ id: z.string(), token: z.string().describe('Send as "Authorization: Bearer <token>"; shown only now') })
              .meta({ examples: [{ id: '0b7c6a2e-5f1d-4c3b-9a8e-7d6f5e4c3b2a', token: 'tsr_pat_Xq3v…' }] }),
          },
        },
      },
      async (request, reply) => {
        const { id, token, position } = await accessTokens.create(request.viewer!.userId, request.body, actorOf(request.viewer!));
        await deps.settle(position);
        return reply.status(201).send({ id, token });
      },
    );

    app.get(
      '/tokens',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'Your access tokens, newest first (never the tokens themselves)',
          response: { 200: z.object({ data: z.array(tokenSchema) }) },
        },
      },
      async (request) => ({ data: await accessTokens.list(request.viewer!.userId) }),
    );

    app.delete(
      '/tokens/:id',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          summary: 'Revoke a token: refused from the next request on',
          params: z.object({ id: z.string().uuid() }),
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (request) => {
        const position = await accessTokens.revoke(request.viewer!.userId, request.params.id, actorOf(request.viewer!));
        await deps.settle(position);
        return { success: true as const };
      },
    );
  };
}
