export const BRAND_NAME = 'Tessera';

/** The browser tab title of a page: 'Topics | Tessera', or the brand and tagline for the home page. */
export function documentTitle(pageName?: string): string {
  return pageName === undefined ? `${BRAND_NAME} — ready-to-use templates by the community` : `${pageName} | ${BRAND_NAME}`;
}
