import { createContext, useContext } from 'react';

import { BETA_COMMISSION_PERCENT, commissionPerSale } from '../../domain/commerce/commission-rates.js';

/**
 * The `<meta>` that carries PLATFORM_FEE_PERCENT in every page the server sends (src/api/web-serving.ts),
 * so the pages that mention the commission in passing need no request for it.
 */
export const PLATFORM_FEE_META_NAME = 'platform-fee-percent';

/** On the server, the configured percent the page is rendered with; absent in the browser, which reads the page's meta. */
export const ServerPlatformFee = createContext<number | undefined>(undefined);

/** The percent the page names, or null when it names none (a page not sent by the server, as in `vite` dev). */
export function platformFeeOfPage(page: Document): number | null {
  const content = page.querySelector(`meta[name="${PLATFORM_FEE_META_NAME}"]`)?.getAttribute('content');
  const percent = content ? Number(content) : Number.NaN;
  return Number.isFinite(percent) && percent >= 0 && percent <= 100 ? percent : null;
}

/** The commission on new sales, in percent: the server's while it renders, the page's in the browser (the same, so hydration matches). */
export function usePlatformFeePercent(): number | null {
  const rendering = useContext(ServerPlatformFee);
  if (rendering !== undefined) return rendering;
  return typeof document === 'undefined' ? null : platformFeeOfPage(document);
}

/**
 * A page's passing mention of the commission: its beta wording at the beta's 0 %, one with the
 * percent otherwise, and `unstated` when the percent is unknown — no claim rather than a wrong one.
 */
export function commissionMention<T>(percent: number | null, mention: { beta: T; charged: (perSale: string) => T; unstated: T }): T {
  if (percent === null) return mention.unstated;
  return percent === BETA_COMMISSION_PERCENT ? mention.beta : mention.charged(commissionPerSale(percent));
}

/** The commission as a sentence of its own after a line about the site (footer, the feed's card to join), with its leading space. */
export const COMMISSION_SENTENCE = { beta: ' Commission-free during beta.', charged: (perSale: string) => ` ${perSale}.`, unstated: '' };
