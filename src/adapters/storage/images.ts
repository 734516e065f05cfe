import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { DomainError } from '../../domain/shared/events.js';
import { hasImageExtension, IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../../domain/shared/images.js';

/** Served under this path by the images route. */
export const IMAGE_URL_PREFIX = '/api/images/';
const STORED_NAME = /^[0-9a-f-]{36}\.webp$/u;
/** Pictures are shown at most this wide or high; larger ones are scaled down. */
const MAX_DIMENSION = 2000;
const QUALITY_STEPS = [85, 75, 65, 55, 45, 35] as const;

export interface ImageStore {
  /** Re-encodes the upload as WebP of at most 1 MB and returns its URL; refuses what is not a raster image. */
  store(upload: Buffer, fileName: string): Promise<string>;
  /** The stored bytes, or null for an unknown or malformed name. */
  read(name: string): Promise<Buffer | null>;
}

/**
 * Images on the local disk under DATA_DIR. Every upload is decoded and re-encoded with sharp, so
 * what we serve is always a plain image we produced (no scripts, no metadata such as GPS).
 */
export function createLocalImageStore(directory: string): ImageStore {
  return {
    async store(upload, fileName) {
      if (!hasImageExtension(fileName)) throw new DomainError('invalid', `${IMAGE_MESSAGES.invalidFormatTitle} ${IMAGE_MESSAGES.invalidFormat}`);
      // SVG is refused by name and by content, before any decoder looks at it.
      if (fileName.toLowerCase().endsWith('.svg') || looksLikeSvg(upload)) throw new DomainError('invalid', IMAGE_MESSAGES.svgRefused);
      let format: string | undefined;
      try {
        format = (await sharp(upload).metadata()).format;
      } catch {
        throw new DomainError('invalid', IMAGE_MESSAGES.notAnImage);
      }
      if (format === 'svg') throw new DomainError('invalid', IMAGE_MESSAGES.svgRefused);
      const encoded = await encodeWithin(upload, IMAGE_MAX_BYTES);
      await mkdir(directory, { recursive: true });
      const name = `${randomUUID()}.webp`;
      await writeFile(join(directory, name), encoded);
      return `${IMAGE_URL_PREFIX}${name}`;
    },
    async read(name) {
      if (!STORED_NAME.test(name)) return null;
      try {
        return await readFile(join(directory, name));
      } catch {
        return null;
      }
    },
  };
}

function looksLikeSvg(upload: Buffer): boolean {
  const head = upload.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

async function encodeWithin(upload: Buffer, maxBytes: number): Promise<Buffer> {
  let dimension = MAX_DIMENSION;
  for (;;) {
    for (const quality of QUALITY_STEPS) {
      try {
        const encoded = await sharp(upload, { limitInputPixels: 100_000_000 })
          .rotate()
          .resize({ width: dimension, height: dimension, fit: 'inside', withoutEnlargement: true })
          .webp({ quality })
          .toBuffer();
        if (encoded.length <= maxBytes) return encoded;
      } catch {
        throw new DomainError('invalid', IMAGE_MESSAGES.notAnImage);
      }
    }
    dimension = Math.floor(dimension * 0.7);
  }
}
