/**
 * Image upload rules (browse-search-accounts.md section 5), shared by the upload forms and the server.
 * The picture formats the server decodes, with the file extensions that name them: the spec's list
 * less .svg (SVG can carry scripts, so it is refused), .ico and .pip (no decoder here reads them).
 */
export const IMAGE_FORMATS = [
  { name: 'JPG', extensions: ['.jpg', '.jpeg', '.jfif'] },
  { name: 'PNG', extensions: ['.png'] },
  { name: 'WebP', extensions: ['.webp'] },
  { name: 'BMP', extensions: ['.bmp'] },
  { name: 'TIFF', extensions: ['.tiff', '.tif'] },
] as const;
export const IMAGE_EXTENSIONS: readonly string[] = IMAGE_FORMATS.flatMap((format) => format.extensions);
const IMAGE_FORMAT_NAMES = IMAGE_FORMATS.map((format) => format.name);
/** "JPG, PNG, WebP, BMP or TIFF". */
const IMAGE_FORMAT_LIST = `${IMAGE_FORMAT_NAMES.slice(0, -1).join(', ')} or ${IMAGE_FORMAT_NAMES.at(-1)}`;
/** Files over this are compressed before upload, and the server never stores more. */
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const IMAGE_COMPRESS_MAX_ITERATIONS = 100;
/** What the server accepts as an upload body before re-encoding (a phone photo fits). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024 - 1;

/** Where the images route serves stored uploads. */
export const IMAGE_URL_PREFIX = '/api/images/';
/** A stored upload's URL: the store names each one by a fresh UUID, so the name is unique to its content. */
export const STORED_IMAGE_URL = new RegExp(`^${IMAGE_URL_PREFIX.replaceAll('/', '\\/')}[0-9a-f-]{36}\\.webp$`, 'u');

/**
 * The widths the images route scales a stored picture to (`?w=`), from the widths the CSS draws
 * pictures at, at 1x and 2x: a card is 343 px wide on a 375 px phone and 368-402 px at 1280 px
 * (400, 800); a template page's main screenshot 343 px and 800 px (400, 800, 1600); 600 for one card a
 * row on windows up to 615 px; 1200 for 3x phones; thumbnails (96-128 px) and avatars (28-96 px) 192.
 */
export const IMAGE_VARIANT_WIDTHS = [192, 400, 600, 800, 1200, 1600] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
const VARIANT_WIDTH_QUERY = 'w';

/** The URL of a stored picture scaled to `width` (the picture itself when it is not wider). */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string {
  return `${url}?${VARIANT_WIDTH_QUERY}=${width}`;
}

/** The variant width asked for by the text of `?w=`, or null when it is not one of IMAGE_VARIANT_WIDTHS. */
export function imageVariantWidth(text: string): ImageVariantWidth | null {
  return IMAGE_VARIANT_WIDTHS.find((width) => String(width) === text) ?? null;
}

export const IMAGE_MESSAGES = {
  invalidFormatTitle: 'Invalid Format!',
  invalidFormat: `Please use one of the following extensions: ${IMAGE_EXTENSIONS.join(', ')}.`,
  notAnImage: `This file is not an image we can read. Please upload a ${IMAGE_FORMAT_LIST} picture.`,
  svgRefused: `SVG images cannot be uploaded (they can carry scripts). Please upload a ${IMAGE_FORMAT_LIST} picture.`,
  tooLarge: 'This image is larger than 10 MB. Please choose a smaller one.',
  uploadIncomplete: 'The picture did not arrive whole (the upload was cut off or malformed). Please try again.',
  tooManyPixels: 'This image has too many pixels (at most 40 megapixels). Please upload a smaller picture.',
  cannotCompress: 'This image cannot be made small enough (1 MB). Please upload a simpler or smaller picture.',
  unknownWidth: `Images are served at these widths only: w=${IMAGE_VARIANT_WIDTHS.join(', ')}.`,
} as const;

/** True when the file name carries one of the allowed extensions. */
export function hasImageExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

const SVG_EXTENSION = '.svg';
const SVG_MEDIA_TYPE = 'image/svg+xml';

/** Why a file cannot be uploaded, judged by its name (and media type, when known) before a byte is sent; null when it can. */
export function imageFileRefusal(fileName: string, mediaType = ''): string | null {
  // SVG first: its own message says why, where the extension list would only leave it out.
  if (mediaType === SVG_MEDIA_TYPE || fileName.toLowerCase().endsWith(SVG_EXTENSION)) return IMAGE_MESSAGES.svgRefused;
  if (!hasImageExtension(fileName)) return IMAGE_MESSAGES.invalidFormat;
  return null;
}
