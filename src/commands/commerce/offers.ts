import { DEFAULT_CURRENCY, type Money } from '../../domain/commerce/money.js';
import { payoutStatusOf } from '../../domain/commerce/payout-account.js';
import type { Offer } from '../../domain/commerce/purchase.js';
import { DomainError } from '../../domain/shared/events.js';
import { isForSale } from '../../domain/templates/lifecycle.js';
import { TEMPLATE_MESSAGES } from '../../domain/templates/rules.js';
import { payoutAccountOf } from '../../projections/read-models/commerce/queries.js';
import { resourceById } from '../../projections/read-models/templates/queries.js';
import { latestVersionOf } from '../../projections/read-models/versions/queries.js';
import type { CommerceServiceDeps } from './deps.js';

/** What the server sells: the post's price, approved content and revision, and its seller's account. */
export async function offerFor(deps: Pick<CommerceServiceDeps, 'db'>, templateId: string): Promise<Offer> {
  const row = await resourceById(deps.db, templateId);
  if (!row || row.status === 'deleted') throw new DomainError('not_found', TEMPLATE_MESSAGES.doesNotExist);
  const [account, version] = await Promise.all([payoutAccountOf(deps.db, row.author_id), latestVersionOf(deps.db, templateId)]);
  return {
    templateId,
    sellerId: row.author_id,
    forSale: isForSale(row.status),
    price: { amount: row.price_cents, currency: DEFAULT_CURRENCY },
    bought: {
      revision: row.content_revision,
      title: row.title,
      titleUrl: row.title_url,
      url: row.url,
      ...(version > 0 ? { version } : {}),
    },
    sellerPayoutStatus: account?.status ?? payoutStatusOf(null),
    sellerAccountId: account?.accountId ?? null,
  };
}

/** Removed from the catalogue: deleted by its seller or for good by an admin. Paying for it buys nothing. */
export async function postRemoved(deps: Pick<CommerceServiceDeps, 'db'>, templateId: string): Promise<boolean> {
  return (await catalogueEntry(deps, templateId)).removed;
}

/** What a payment arriving now meets in the catalogue: whether the post was removed, and its price if not. */
export async function catalogueEntry(
  deps: Pick<CommerceServiceDeps, 'db'>,
  templateId: string,
): Promise<{ removed: boolean; price: Money | null }> {
  const row = await resourceById(deps.db, templateId);
  if (!row || row.status === 'deleted') return { removed: true, price: null };
  return { removed: false, price: { amount: row.price_cents, currency: DEFAULT_CURRENCY } };
}
