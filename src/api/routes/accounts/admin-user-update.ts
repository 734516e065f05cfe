import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserLevel } from '../../../domain/accounts/events.js';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import { mayChangeLevel, mayChangeStatus, USER_MANAGEMENT_MESSAGES } from '../../../domain/accounts/user-management.js';
import { z } from '../../../domain/shared/zod.js';
import { ADMIN_DECISION_REASON_MAX } from '../../../domain/templates/rules.js';
import { HttpError } from '../../errors.js';
import { adminTags, managedUser, userLevels, verificationStatuses } from './admin-user-common.js';
import type { AccountRouteDeps } from './deps.js';

const updatedAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  user: z.object({ _id: z.string(), username: z.string(), lvl: z.string(), verification: z.string() }),
});

/** The portal's one-call user update: a new level and/or verification status, checked whole before any change. */
export function adminUserUpdateRoutes(deps: Pick<AccountRouteDeps, 'db' | 'accounts' | 'settle'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/users/private/me1',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: "The portal's user update (spec call): a new level (owners only) and/or verification status with its reason",
          body: z.object({
            user: z.uuid('Unknown user id'),
            lvl: userLevels.optional(),
            status: verificationStatuses.optional(),
            reason: z.string().trim().max(ADMIN_DECISION_REASON_MAX).optional(),
          }),
          response: { 200: updatedAnswer },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const { lvl, status, reason } = request.body;
        const target = await managedUser(deps.db, request.body.user);
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
        const updated = await managedUser(deps.db, target.id);
        return {
          success: true,
          message: USER_MANAGEMENT_MESSAGES.updated,
          user: { _id: updated.id, username: updated.username, lvl: updated.lvl, verification: updated.verification },
        };
      },
    );
  };
}
