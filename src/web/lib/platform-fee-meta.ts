/**
 * The page's record of the commission, read the same way on both sides. No React here: the server
 * imports this before it sets NODE_ENV, and React must first load after that (server.ts).
 */

/**
 * The `<meta>` that carries PLATFORM_FEE_PERCENT in every page the server sends (src/api/web-serving.ts),
 * so the pages that mention the commission need no request for it.
 */
export const PLATFORM_FEE_META_NAME = 'platform-fee-percent';

/** The percent the page names, or null when it names none (a page not sent by the server). */
export function platformFeeOfPage(page: Document): number | null {
  const content = page.querySelector(`meta[name="${PLATFORM_FEE_META_NAME}"]`)?.getAttribute('content');
  const percent = content ? Number(content) : Number.NaN;
  return Number.isFinite(percent) && percent >= 0 && percent <= 100 ? percent : null;
}
