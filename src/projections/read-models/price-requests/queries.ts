import type { Kysely } from 'kysely';
import type { Schema } from '../../../adapters/db/schema.js';

/** The requests waiting for an admin, oldest first, with the post's title and the requester's name. */
export async function pendingPriceRequests(db: Kysely<Schema>) {
  return db
    .selectFrom('price_change_requests as r')
    .innerJoin('templates as t', 't.id', 'r.template_id')
    .leftJoin('users as u', 'u.id', 'r.requester_id')
    .select([
      'r.template_id',
      'r.requester_id',
      'r.current_price_cents',
      'r.requested_price_cents',
      'r.requested_at',
      't.title',
      't.title_url',
      't.price_cents',
      'u.username',
    ])
    .where('r.pending', '=', true)
    .orderBy('r.requested_at')
    .orderBy('r.template_id')
    .execute();
}
