import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import { socialCardSvg } from '../../domain/catalogue/social-card.js';
import { publicTemplateMetaFields } from '../../projections/read-models/templates/queries.js';
import { BRAND_NAME } from '../../web/lib/brand.js';

/** A public post's generated social card (PNG), or null when no public post has that address. */
export type SocialCardOf = (titleUrl: string) => Promise<Buffer | null>;

export function createSocialCards(deps: { db: Kysely<Schema>; svgToPng: (svg: string) => Promise<Buffer> }): SocialCardOf {
  return async (titleUrl) => {
    const row = await publicTemplateMetaFields(deps.db, titleUrl);
    if (!row) return null;
    const post = { title: row.title, topic: row.topic, platform: row.platform, priceCents: row.price_cents };
    return deps.svgToPng(socialCardSvg(post, BRAND_NAME));
  };
}
