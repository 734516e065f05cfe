/*
 * Kept apart from commission.ts: every page's shell (footer, feed card) needs the rate and the short
 * mention, and the initial bundle should not carry the full statements the lazily loaded pages show.
 */

/**
 * Tessera's commission on a sale, in percent (posts-payments-rewards.md 1 and 9: "0% in beta, 6% from
 * late 2025"). Late 2025 has passed and the beta goes on without one: the platform fee is
 * PLATFORM_FEE_PERCENT, unset meaning the beta's 0. So the pages state 0% now and 6% as what follows the beta.
 */
export const BETA_COMMISSION_PERCENT = 0;
export const POST_BETA_COMMISSION_PERCENT = 6;

/**
 * The commission in a few words, where a page mentions it in passing (footer, feed card, sign-up,
 * payouts): what those pages say instead of the beta's "commission-free" at another percent.
 */
export const commissionPerSale = (percent: number): string => `${percent}% commission on each sale`;
