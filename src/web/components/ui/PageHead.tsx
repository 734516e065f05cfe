import { documentTitle } from '@/lib/brand.js';

interface PageHeadProps {
  /** The page's name, shown before the brand ('Topics | Tessera'); none for the home page's tagline. */
  title?: string;
  /** What search results and link previews show under the title: one or two sentences of this page's own. */
  description: string;
}

/**
 * A page's title, description and the social card tags that repeat them (Open Graph, Twitter). The
 * server puts them in place of the site's defaults in the page's head; the site-wide ones (card
 * image, address, site name) it adds itself.
 */
export function PageHead({ title, description }: PageHeadProps) {
  const fullTitle = documentTitle(title);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
    </>
  );
}
