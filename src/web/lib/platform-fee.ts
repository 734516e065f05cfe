import { createContext, useContext } from 'react';

import { BETA_COMMISSION_PERCENT, commissionPerSale } from '@domain/commerce/commission-rates.js';
import { platformFeeOfPage } from './platform-fee-meta.js';

/** On the server, the configured percent the page is rendered with; absent in the browser, which reads the page's meta. */
export const ServerPlatformFee = createContext<number | undefined>(undefined);

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
