import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../../adapters/vault/vault.js';
import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import { pageCounts, type PageCounts } from '../../../domain/shared/pagination.js';
import { pendingDiff, statusLabel, type FieldChange, type QueueFilter, type StatusLabel } from '../../../domain/templates/lifecycle.js';
import {
  ADMIN_VIEW_OWNERS_SHOWN,
  CREATED_POSTS_PAGE_SIZE,
  createdPostsHeading,
  RELATED_POSTS_LIMIT,
  REVIEW_QUEUE_PAGE_SIZE,
} from '../../../domain/templates/rules.js';
import { contactsByIds } from '../users/queries.js';
import { authorResourcesPage, relatedResources, reviewQueuePage } from './queries.js';
import { approvedContentOf, toResourceView, withPendingEdit, type ResourceRow } from './views.js';

/* The lists of posts the template routes answer with, each shaped as the page that reads it. */

/** More by the author or related posts: live posts only. */
export async function relatedViews(
  db: Kysely<Schema>,
  vault: PersonalDataVault,
  row: ResourceRow,
  kind: 'author' | 'related',
): Promise<ResourceView[]> {
  return Promise.all((await relatedResources(db, row, kind, RELATED_POSTS_LIMIT)).map((related) => toResourceView(related, vault)));
}

export interface CreatedPostsPage {
  heading: string;
  data: (ResourceView & { statusLabel: StatusLabel; editUrl: string })[];
  pagination: PageCounts;
}

/** An author's own posts, every status, a page at a time (/shared-posts); each shows its waiting edit. */
export async function createdPostsPage(
  db: Kysely<Schema>,
  vault: PersonalDataVault,
  authorId: string,
  page: number,
): Promise<CreatedPostsPage> {
  const { rows, total } = await authorResourcesPage(db, authorId, { page, pageSize: CREATED_POSTS_PAGE_SIZE, publicOnly: false });
  return {
    heading: createdPostsHeading(total, page),
    data: await Promise.all(
      rows.map(async (row) => ({
        ...(await toResourceView(withPendingEdit(row), vault)),
        statusLabel: statusLabel(row.status),
        editUrl: `/editor/resources/${row.title_url}`,
      })),
    ),
    pagination: pageCounts(page, CREATED_POSTS_PAGE_SIZE, total),
  };
}

/** An owner of a post as the review queue names them (their address decrypted for the admin). */
export interface QueueOwner {
  _id: string;
  username: string | null;
  email: string | null;
}

export type ReviewQueueEntry = ResourceView & {
  link: string;
  resourceType: string;
  statusReason: string | null;
  owners: QueueOwner[];
  ownersTotal: number;
  analytics: { clicks: number };
  _dateCreated: string;
  revision: number;
  pendingEdit: FieldChange[] | null;
};

export interface ReviewQueuePage {
  data: ReviewQueueEntry[];
  results: number;
  lim: number;
  pagination: PageCounts;
}

/** The review queue and resource search; each post names its first owners and counts them all. */
export async function reviewQueue(
  db: Kysely<Schema>,
  vault: PersonalDataVault,
  { status, q, page }: { status: QueueFilter; q?: string | undefined; page: number },
): Promise<ReviewQueuePage> {
  const { rows, total } = await reviewQueuePage(db, { status, q, page, pageSize: REVIEW_QUEUE_PAGE_SIZE });
  const shownOwners = (row: (typeof rows)[number]) => row.owners.slice(0, ADMIN_VIEW_OWNERS_SHOWN);
  const contacts = await contactsByIds(db, [...new Set(rows.flatMap(shownOwners))]);
  const owner = async (userId: string): Promise<QueueOwner> => {
    const contact = contacts.get(userId);
    return {
      _id: userId,
      username: contact?.username ?? null,
      email: contact?.email_enc ? await vault.decrypt(userId, contact.email_enc) : null,
    };
  };
  const data = await Promise.all(
    rows.map(async (row) => ({
      ...(await toResourceView(row, vault)),
      link: row.url,
      resourceType: row.topic,
      statusReason: row.status_reason,
      owners: await Promise.all(shownOwners(row).map(owner)),
      ownersTotal: row.owners.length,
      analytics: { clicks: row.clicks },
      _dateCreated: row.created_at.toISOString(),
      // What a decision decides on: this revision, and the waiting edit field by field.
      revision: row.content_revision,
      pendingEdit: row.pending_changes === null ? null : pendingDiff(approvedContentOf(row), row.pending_changes),
    })),
  );
  return { data, results: total, lim: REVIEW_QUEUE_PAGE_SIZE, pagination: pageCounts(page, REVIEW_QUEUE_PAGE_SIZE, total) };
}
