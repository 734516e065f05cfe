import type { FastifyRequest } from 'fastify';
import type { CommerceService, Member } from '../../../commands/commerce/commerce-service.js';
import type { SalesStatements } from '../../../commands/commerce/statement.js';
import { isStaff } from '../../../domain/accounts/access.js';
import { COMMERCE_MESSAGES } from '../../../domain/commerce/messages.js';
import type { Viewer } from '../../access.js';
import { actorOf } from '../../actors.js';
import type { AppDeps } from '../../app.js';
import { HttpError } from '../../errors.js';
import type { LinkOrigin } from '../../public-origin.js';
import type { ReadModelDb, Vault } from '../route-deps.js';

export interface CommerceRouteDeps {
  db: ReadModelDb;
  vault: Vault;
  commerce: CommerceService;
  /** Sellers' statements (GET /sales/statement). */
  statements: SalesStatements;
  exchangeRates: AppDeps['exchangeRates'];
  /** Where the provider sends buyers and sellers back to (PUBLIC_URL). */
  linkOrigin: LinkOrigin;
}

export const tags = ['payments'];

export function member(request: FastifyRequest): Member {
  const viewer = request.viewer!;
  return { ...actorOf(viewer), userId: viewer.userId };
}

/** One's own payout account; admins may look at anyone's. */
export function ownAccount(viewer: Viewer, userId: string): void {
  if (userId !== viewer.userId && !isStaff(viewer)) throw new HttpError(403, COMMERCE_MESSAGES.notYourPayoutAccount);
}
