import type { DomainEvent } from '../shared/events.js';

/**
 * A completed purchase. Declared ahead of the commerce work so the rewards reactor can already
 * award it; commerce appends it when a checkout or order capture succeeds.
 */
export type TemplatePurchased = DomainEvent<'TemplatePurchased', { templateId: string; buyerId: string; priceCents: number }>;
