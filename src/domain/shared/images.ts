/** Image upload rules (browse-search-accounts.md section 5), shared by the upload forms and the server. */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.bmp', '.png', '.tiff', '.pip', '.jfif', '.svg', '.webp', '.ico', '.tif'] as const;
/** Files over this are compressed before upload, and the server never stores more. */
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const IMAGE_COMPRESS_MAX_ITERATIONS = 100;
/** What the server accepts as an upload body before re-encoding (a phone photo fits). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024 - 1;

export const IMAGE_MESSAGES = {
  invalidFormatTitle: 'Invalid Format!',
  invalidFormat: `Please use one of the following extensions: ${IMAGE_EXTENSIONS.join(', ')}.`,
  notAnImage: 'This file is not an image we can read. Please upload a JPG, PNG or WebP picture.',
  svgRefused: 'SVG images cannot be uploaded (they can carry scripts). Please upload a JPG, PNG or WebP picture.',
  tooLarge: 'This image is larger than 10 MB. Please choose a smaller one.',
  tooManyPixels: 'This image has too many pixels (at most 40 megapixels). Please upload a smaller picture.',
  cannotCompress: 'This image cannot be made small enough (1 MB). Please upload a simpler or smaller picture.',
} as const;

/** True when the file name carries one of the allowed extensions. */
export function hasImageExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
