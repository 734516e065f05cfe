import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { userById, usernamesByIds, usersPage } from '../../../projections/read-models/users/queries.js';
import type { UserLevel } from '../../../domain/accounts/events.js';
import { mayChangeLevel, mayChangeStatus, USER_MANAGEMENT_MESSAGES } from '../../../domain/accounts/user-management.js';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import { ADMIN_DECISION_REASON_MAX, ADMIN_LIST_QUERY_MAX } from '../../../domain/templates/rules.js';
import { HttpError } from '../../errors.js';
import type { AccountRouteDeps } from './deps.js';

const ADMIN_USERS_PAGE_SIZE = 25;

const levels = z.enum(['base', 'admin', 'owner']);
const statuses = z.enum(['pending', 'verified', 'blocked']);
const usersPageAnswer = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      username: z.string(),
      lvl: z.string(),
      verification: z.string(),
      erased: z.boolean(),
      _dateCreated: z.string(),
    }),
  ),
  pagination: z.object({ currentPage: z.number(), totalPages: z.number(), totalItems: z.number(), itemsPerPage: z.number() }),
});
const updatedAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  user: z.object({ _id: z.string(), username: z.string(), lvl: z.string(), verification: z.string() }),
});
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
const successAnswer = z.object({ success: z.boolean() });

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

/** The admin portal's user management: list, block / unblock, levels (owners) and each account's full history. */
export function adminUserRoutes(deps: Pick<AccountRouteDeps, 'db' | 'accounts' | 'settle'>): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const userParams = z.object({ userId: z.uuid('Unknown user id') });

    async function existing(userId: string) {
      const row = await userById(deps.db, userId);
      if (!row) throw new HttpError(404, 'This user does not exist');
      return row;
    }

    app.get(
      '/admin/allusers',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Accounts, newest first, optionally by username prefix',
          querystring: z.object({
            q: z.string().max(ADMIN_LIST_QUERY_MAX).optional(),
            page: z.coerce.number().int().min(1).max(100_000).default(1),
          }),
          response: { 200: usersPageAnswer },
        },
      },
      async (request) => {
        const { rows, total } = await usersPage(deps.db, request.query.q, request.query.page, ADMIN_USERS_PAGE_SIZE);
        return {
          data: rows.map((row) => ({
            _id: row.id,
            username: row.username,
            lvl: row.lvl,
            verification: row.verification,
            erased: row.erased,
            _dateCreated: row.created_at.toISOString(),
          })),
          pagination: {
            currentPage: request.query.page,
            totalPages: Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE)),
            totalItems: total,
            itemsPerPage: ADMIN_USERS_PAGE_SIZE,
          },
        };
      },
    );

    app.post(
      '/admin/users/:userId/verification',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Block or unblock an account (blocking ends its sessions)',
          params: userParams,
          body: z.object({ status: statuses, reason: z.string().trim().min(1, 'Please give a reason').max(ADMIN_DECISION_REASON_MAX) }),
          response: { 200: successAnswer },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const target = await existing(request.params.userId);
        const result = await deps.accounts.changeVerificationStatus(target.id, request.body.status, request.body.reason, {
          userId: viewer.userId,
          role: viewer.lvl,
        });
        await deps.settle(result.position);
        return { success: true };
      },
    );

    app.post(
      '/admin/users/:userId/level',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Make an account base, admin or owner (owners only)',
          params: userParams,
          body: z.object({ lvl: levels }),
          response: { 200: successAnswer },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const target = await existing(request.params.userId);
        const result = await deps.accounts.changeLevel(target.id, request.body.lvl, { userId: viewer.userId, role: viewer.lvl });
        await deps.settle(result.position);
        return { success: true };
      },
    );

    app.put(
      '/users/private/me1',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "The portal's user update (spec call): a new level (owners only) and/or verification status with its reason",
          body: z.object({
            user: z.uuid('Unknown user id'),
            lvl: levels.optional(),
            status: statuses.optional(),
            reason: z.string().trim().max(ADMIN_DECISION_REASON_MAX).optional(),
          }),
          response: { 200: updatedAnswer },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const { lvl, status, reason } = request.body;
        const target = await existing(request.body.user);
        const levelChanges = lvl !== undefined && lvl !== target.lvl;
        const statusChanges = status !== undefined && status !== target.verification;
        if (!levelChanges && !statusChanges) throw new HttpError(400, USER_MANAGEMENT_MESSAGES.nothingToChange);
        if (target.id === viewer.userId) throw new HttpError(409, USER_MANAGEMENT_MESSAGES.notYourself);
        // Every check before the first change: an update is made whole or not at all.
        if (levelChanges && !mayChangeLevel(viewer.lvl)) throw new HttpError(403, USER_MANAGEMENT_MESSAGES.levelNeedsOwner);
        if (statusChanges && !mayChangeStatus(viewer.lvl, target.lvl as UserLevel))
          throw new HttpError(403, ACCOUNT_MESSAGES.statusChangeNeedsOwner);
        if (statusChanges && !reason) throw new HttpError(400, USER_MANAGEMENT_MESSAGES.reasonRequired);
        const actor = { userId: viewer.userId, role: viewer.lvl };
        let position: bigint | null = null;
        if (statusChanges) position = (await deps.accounts.changeVerificationStatus(target.id, status, reason!, actor)).position;
        if (levelChanges) position = (await deps.accounts.changeLevel(target.id, lvl, actor)).position;
        await deps.settle(position);
        const updated = await existing(target.id);
        return {
          success: true,
          message: USER_MANAGEMENT_MESSAGES.updated,
          user: { _id: updated.id, username: updated.username, lvl: updated.lvl, verification: updated.verification },
        };
      },
    );

    app.get(
      '/admin/users/:userId/history',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: "Every event on the account's stream, with actor (and their username) and time",
          params: userParams,
          response: { 200: historyAnswer },
        },
      },
      async (request) => {
        await existing(request.params.userId);
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
