import { z } from '../../../domain/shared/zod.js';
import { userById } from '../../../projections/read-models/users/queries.js';
import { HttpError } from '../../errors.js';
import type { AccountRouteDeps } from './deps.js';

/* What the admin's user-management routes share: their tag, the level and status names, the user in the path. */

export const adminTags = ['admin'];
export const userLevels = z.enum(['base', 'admin', 'owner']);
export const verificationStatuses = z.enum(['pending', 'verified', 'blocked']);
export const userParams = z.object({ userId: z.uuid('Unknown user id') });

/** The account an admin acts on; a 404 when there is none. */
export async function managedUser(db: AccountRouteDeps['db'], userId: string) {
  const row = await userById(db, userId);
  if (!row) throw new HttpError(404, 'This user does not exist');
  return row;
}
