import pLimit from 'p-limit';
import sharp from 'sharp';
import { IMAGE_JOB_CONCURRENCY } from './images.js';

/** Renders an SVG document to PNG bytes. */
export type SvgToPng = (svg: string) => Promise<Buffer>;

/**
 * An SVG renderer on sharp (librsvg), one picture at a time for the reason the image store's jobs
 * are: password hashing shares libuv's thread pool with sharp and must not wait behind a queue.
 */
export function createSvgToPng(): SvgToPng {
  const queue = pLimit(IMAGE_JOB_CONCURRENCY);
  return (svg) => queue(() => sharp(Buffer.from(svg)).png().toBuffer());
}
