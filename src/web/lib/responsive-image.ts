import { IMAGE_VARIANT_WIDTHS, imageVariantUrl, STORED_IMAGE_URL } from '@domain/shared/images.js';

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The `<img>` attributes that let the browser fetch a stored upload at about the width it draws it
 * (`sizes`, a media-condition list as in HTML); any other picture (an outside address) as it is.
 * The same for a given URL on the server and in the browser, so hydration finds what it renders.
 */
export function responsiveImage(url: string, sizes: string): ResponsiveImage {
  if (!STORED_IMAGE_URL.test(url)) return { src: url };
  return { src: url, srcSet: IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', '), sizes };
}
