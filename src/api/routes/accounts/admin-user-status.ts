import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../domain/shared/zod.js';
import { ADMIN_DECISION_REASON_MAX } from '../../../domain/templates/rules.js';
import { adminTags, managedUser, userLevels, userParams, verificationStatuses } from './admin-user-common.js';
import type { AccountRouteDeps } from './deps.js';
import { successAnswer } from './schemas.js';

/** Blocking and unblocking an account (admins), and changing its level (owners). */
export function adminUserStatusRoutes(deps: Pick<AccountRouteDeps, 'db' | 'accounts' | 'settle'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/users/:userId/verification',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Block or unblock an account (blocking ends its sessions)',
          params: userParams,
          body: z.object({
            status: verificationStatuses,
            reason: z.string().trim().min(1, 'Please give a reason').max(ADMIN_DECISION_REASON_MAX),
          }),
          response: { 200: successAnswer },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const target = await managedUser(deps.db, request.params.userId);
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
          tags: adminTags,
          summary: 'Make an account base, admin or owner (owners only)',
          params: userParams,
          body: z.object({ lvl: userLevels }),
          response: { 200: successAnswer },
        },
      },
      async (request) => {
        const viewer = request.viewer!;
        const target = await managedUser(deps.db, request.params.userId);
        const result = await deps.accounts.changeLevel(target.id, request.body.lvl, { userId: viewer.userId, role: viewer.lvl });
        await deps.settle(result.position);
        return { success: true };
      },
    );
  };
}
