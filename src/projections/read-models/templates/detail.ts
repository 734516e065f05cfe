import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../../adapters/vault/vault.js';
import { isStaff, mayManagePost, type AccessSubject } from '../../../domain/accounts/access.js';
import type { ResourceDetailAnswer } from '../../../domain/engagement/views.js';
import { DELETED_STATUS, isPublic, pendingDiff, statusLabel } from '../../../domain/templates/lifecycle.js';
import { activePurchaseOf } from '../commerce/queries.js';
import { engagedResource } from '../engagement/queries.js';
import { approvedContentOf, templatePageMeta, withPendingEdit, type ResourceRow } from './views.js';

/*
 * A post as its detail page shows it to one viewer: what they may see of it, and what they may do.
 * The author and staff see every status, the waiting edit, the owners and the link; others the
 * approved version of a public post.
 */

/** A post the viewer may see: not deleted, and public unless they manage it. */
export function mayViewTemplate(row: ResourceRow, viewer: AccessSubject | null): boolean {
  return row.status !== DELETED_STATUS && (isPublic(row.status) || mayManagePost(viewer, row.author_id));
}

/** The detail answer (GET /resources/{titleUrl}); null when the post is gone from the engagement read model. */
export async function templateDetail(
  db: Kysely<Schema>,
  vault: PersonalDataVault,
  row: ResourceRow,
  viewer: AccessSubject | null,
): Promise<ResourceDetailAnswer | null> {
  const view = await engagedResource(db, vault, row.id, viewer?.userId ?? null);
  if (!view) return null;
  const privileged = mayManagePost(viewer, row.author_id);
  const isOwner = viewer !== null && row.owners.includes(viewer.userId);
  // A buyer keeps the revision they paid for, whatever the author changed since.
  const purchase = viewer === null ? undefined : await activePurchaseOf(db, row.id, viewer.userId);
  // The author and moderators see a waiting edit; everyone else the approved version.
  const shown = privileged ? withPendingEdit(row) : row;
  const staff = isStaff(viewer);
  return {
    data: {
      ...view,
      title: shown.title,
      description: { short: shown.description_short, long: shown.description_long },
      keywords: shown.keywords,
      images: shown.image_urls.map((imageUrl) => ({ imageUrl })),
      pendingEdit: privileged && row.pending_changes !== null ? pendingDiff(approvedContentOf(row), row.pending_changes) : null,
      revision: row.content_revision,
      statusLabel: statusLabel(row.status),
      // Why the last decision was taken: for the status panel of author and admins only.
      statusReason: privileged ? row.status_reason : null,
      // The link of a paid post is for those who own it (spec 6: open the link of a free post or one they own).
      link: row.price_cents <= 0 || privileged ? shown.url : purchase ? purchase.url : isOwner ? shown.url : null,
      purchasedRevision: purchase ? purchase.revision : null,
      owners: privileged ? row.owners : [],
      purchased: (purchase !== undefined || isOwner) && viewer?.userId !== row.author_id,
      thumbnail: shown.image_urls[0] ?? null,
      shareText: `Check out "${row.title}" on Tessera`,
      updatedAt: row.updated_at.toISOString(),
    },
    permissions: {
      isAuthor: viewer?.userId === row.author_id,
      canEdit: privileged,
      canSeeHistory: privileged,
      canSponsor: staff,
      canDeletePermanently: staff,
      canReport: viewer !== null && viewer.userId !== row.author_id,
    },
    meta: templatePageMeta(row),
  };
}
