import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { usernamesByIds } from '../../../projections/read-models/users/queries.js';
import { adminTags, managedUser, userParams } from './admin-user-common.js';
import type { AccountRouteDeps } from './deps.js';

const historyAnswer = z.object({
  data: z.array(
    z.object({
      type: z.string(),
      occurredAt: z.string(),
      actor: z.object({
        userId: z.string().nullable(),
        role: z.string(),
        impersonatedBy: z.string().optional(),
        username: z.string().nullable(),
      }),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** Event fields an admin may read in a user's history; hashes, ciphertext and tokens are never shown. */
const HISTORY_FIELDS = new Set([
  'username',
  'from',
  'to',
  'reason',
  'method',
  'isTestUser',
  'sessionId',
  'lvl',
  'verification',
  'apps',
  'isCreator',
  'settings',
  'attemptsRemaining',
]);

function safeSummary(data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null) return {};
  return Object.fromEntries(Object.entries(data).filter(([field]) => HISTORY_FIELDS.has(field)));
}

/** Each account's full history, for the admin portal. */
export function adminUserHistoryRoutes(deps: Pick<AccountRouteDeps, 'db' | 'accounts'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/users/:userId/history',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: "Every event on the account's stream, with actor (and their username) and time",
          params: userParams,
          response: { 200: historyAnswer },
        },
      },
      async (request) => {
        await managedUser(deps.db, request.params.userId);
        const events = await deps.accounts.history(request.params.userId);
        const usernames = await usernamesByIds(deps.db, [
          ...new Set(events.map((event) => event.metadata.actor.userId).filter((id): id is string => id !== null)),
        ]);
        return {
          data: events.map((event) => ({
            type: event.type,
            occurredAt: event.metadata.occurredAt,
            actor: {
              ...event.metadata.actor,
              username: event.metadata.actor.userId === null ? null : (usernames.get(event.metadata.actor.userId) ?? null),
            },
            details: safeSummary(event.data),
          })),
        };
      },
    );
  };
}
