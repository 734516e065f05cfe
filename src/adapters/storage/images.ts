import { randomUUID } from 'node:crypto';
import { access, link, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { DomainError } from '../../domain/shared/events.js';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_URL_PREFIX, imageFileRefusal, type ImageVariantWidth } from '../../domain/shared/images.js';
import { BitmapTooLargeError, decodeBmp, isBmp, type DecodedBitmap } from './bmp.js';

const STORED_NAME = /^[0-9a-f-]{36}\.webp$/u;
/** Scaled copies live in this subdirectory, named `<stored name without .webp>-<width>w.webp`. */
const VARIANTS_DIRECTORY = 'variants';
const VARIANT_NAME = /^([0-9a-f-]{36})-\d+w\.webp$/u;
/** Variants are small on screen: a lower quality than the originals' first step is not visible there. */
const VARIANT_QUALITY = 75;
/** Pictures are shown at most this wide or high; larger ones are scaled down. */
const MAX_DIMENSION = 2000;
/** Larger inputs are refused before decoding (40 megapixels: any phone photo; a decompression bomb is not). */
export const MAX_INPUT_PIXELS = 40_000_000;
const QUALITY_STEPS = [85, 75, 65, 55, 45, 35] as const;
/** Each pass that misses the size limit shrinks the picture by this factor, at most this many times. */
const SHRINK_FACTOR = 0.7;
const MAX_SHRINK_PASSES = 3;
/**
 * Image jobs run one at a time, each on one libvips thread: password hashing (argon2) shares
 * libuv's thread pool with sharp, and must never wait behind a queue of uploads.
 */
export const IMAGE_JOB_CONCURRENCY = 1;
const LIBVIPS_THREADS_PER_JOB = 1;
/** An upload that no post or profile refers to after this long is deleted by the sweep (a post may be saved a while after its pictures are uploaded). */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

export interface ImageStore {
  /** Re-encodes the upload as WebP of at most 1 MB and returns its URL; refuses what is not a raster image. */
  store(upload: Buffer, fileName: string): Promise<string>;
  /** The stored bytes, or null for an unknown or malformed name. */
  read(name: string): Promise<Buffer | null>;
  /**
   * The stored picture scaled to `width` (the picture itself when it is not wider), or null for an
   * unknown or malformed name. Made once, then read from disk.
   */
  readVariant(name: string, width: ImageVariantWidth): Promise<Buffer | null>;
  /** Deletes stored images older than the grace period whose URL is not in `inUse`, with their variants; answers the names deleted. */
  sweepUnused(inUse: ReadonlySet<string>, now?: Date): Promise<string[]>;
}

/**
 * Images on the local disk under DATA_DIR. Every upload is decoded and re-encoded with sharp, so
 * what we serve is always a plain image we produced (no scripts, no metadata such as GPS).
 */
export function createLocalImageStore(directory: string): ImageStore {
  const queue = pLimit(IMAGE_JOB_CONCURRENCY);
  sharp.concurrency(LIBVIPS_THREADS_PER_JOB);
  const variantsDirectory = join(directory, VARIANTS_DIRECTORY);
  const variantPath = (name: string, width: ImageVariantWidth) =>
    join(variantsDirectory, `${name.slice(0, -'.webp'.length)}-${width}w.webp`);
  /** Variants being made, by path: concurrent first requests for one wait for the same job. */
  const making = new Map<string, Promise<Buffer | null>>();

  async function makeVariant(name: string, width: ImageVariantWidth, path: string): Promise<Buffer | null> {
    const originalPath = join(directory, name);
    const original = await readIfPresent(originalPath);
    if (original === null) return null;
    const scaled = await queue(async () => {
      const { width: originalWidth = 0 } = await sharp(original).metadata();
      return width < originalWidth ? sharp(original).resize({ width }).webp({ quality: VARIANT_QUALITY }).toBuffer() : null;
    });
    await mkdir(variantsDirectory, { recursive: true });
    // Written aside and renamed into place: a reader never sees half a file.
    const temporary = `${path}.${randomUUID()}.tmp`;
    // No wider than asked: the original itself, linked rather than copied.
    if (scaled === null) await link(originalPath, temporary).catch(() => writeFile(temporary, original));
    else await writeFile(temporary, scaled);
    await rename(temporary, path);
    return scaled ?? original;
  }

  return {
    async store(upload, fileName) {
      // SVG is refused by name and by content, before any decoder looks at it.
      const refusal = looksLikeSvg(upload) ? IMAGE_MESSAGES.svgRefused : imageFileRefusal(fileName);
      if (refusal === IMAGE_MESSAGES.invalidFormat) throw new DomainError('invalid', `${IMAGE_MESSAGES.invalidFormatTitle} ${refusal}`);
      if (refusal !== null) throw new DomainError('invalid', refusal);
      const encoded = await queue(() => encodeWithin(upload, IMAGE_MAX_BYTES));
      await mkdir(directory, { recursive: true });
      const name = `${randomUUID()}.webp`;
      await writeFile(join(directory, name), encoded);
      return `${IMAGE_URL_PREFIX}${name}`;
    },
    async read(name) {
      return STORED_NAME.test(name) ? readIfPresent(join(directory, name)) : null;
    },
    async readVariant(name, width) {
      if (!STORED_NAME.test(name)) return null;
      const path = variantPath(name, width);
      const made = await readIfPresent(path);
      if (made !== null) return made;
      let pending = making.get(path);
      if (pending === undefined) {
        pending = makeVariant(name, width, path).finally(() => making.delete(path));
        making.set(path, pending);
      }
      return pending;
    },
    async sweepUnused(inUse, now = new Date()) {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch {
        return []; // Nothing uploaded yet.
      }
      const deleted: string[] = [];
      for (const name of names) {
        if (!STORED_NAME.test(name) || inUse.has(`${IMAGE_URL_PREFIX}${name}`)) continue;
        const path = join(directory, name);
        const { mtimeMs } = await stat(path);
        if (now.getTime() - mtimeMs < UNUSED_UPLOAD_GRACE_MS) continue;
        await unlink(path);
        deleted.push(name);
      }
      await deleteOrphanVariants(directory, variantsDirectory);
      return deleted;
    },
  };
}

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/** Deletes the variants whose original is gone (deleted by this sweep, or while its variant was being made). */
async function deleteOrphanVariants(directory: string, variantsDirectory: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(variantsDirectory);
  } catch {
    return; // No variant made yet.
  }
  for (const name of names) {
    const original = VARIANT_NAME.exec(name)?.[1];
    if (original === undefined) continue;
    const originalGone = await access(join(directory, `${original}.webp`)).then(
      () => false,
      () => true,
    );
    if (originalGone) await unlink(join(variantsDirectory, name));
  }
}

function looksLikeSvg(upload: Buffer): boolean {
  const head = upload.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

/**
 * Decodes the upload once (bounded by MAX_INPUT_PIXELS, turned upright, scaled to MAX_DIMENSION),
 * then tries the quality steps on those pixels; only when every step is too big is the decoded
 * picture shrunk, a bounded number of times. Before, every step decoded the whole upload again.
 */
async function encodeWithin(upload: Buffer, maxBytes: number): Promise<Buffer> {
  const decoded = await decode(upload);
  let pixels = decoded.data;
  let info = decoded.info;
  for (let pass = 0; pass <= MAX_SHRINK_PASSES; pass += 1) {
    for (const quality of QUALITY_STEPS) {
      const encoded = await sharp(pixels, { raw: info }).webp({ quality }).toBuffer();
      if (encoded.length <= maxBytes) return encoded;
    }
    const smaller = await sharp(pixels, { raw: info })
      .resize({
        width: Math.max(1, Math.floor(info.width * SHRINK_FACTOR)),
        height: Math.max(1, Math.floor(info.height * SHRINK_FACTOR)),
        fit: 'fill',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels = smaller.data;
    info = smaller.info;
  }
  throw new DomainError('invalid', IMAGE_MESSAGES.cannotCompress);
}

async function decode(upload: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  if (isBmp(upload)) return decodeBitmap(upload);
  let metadata: Metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch {
    throw new DomainError('invalid', IMAGE_MESSAGES.notAnImage);
  }
  if (metadata.format === 'svg') throw new DomainError('invalid', IMAGE_MESSAGES.svgRefused);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw new DomainError('invalid', IMAGE_MESSAGES.tooManyPixels);
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new DomainError('invalid', IMAGE_MESSAGES.notAnImage);
  }
}

/** libvips reads no BMP: our decoder makes raw pixels, which then take the same way as the others. */
async function decodeBitmap(upload: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  let bitmap: DecodedBitmap;
  try {
    bitmap = decodeBmp(upload, MAX_INPUT_PIXELS);
  } catch (error) {
    throw new DomainError('invalid', error instanceof BitmapTooLargeError ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.notAnImage);
  }
  const { data, width, height, channels } = bitmap;
  return sharp(data, { raw: { width, height, channels } })
    .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
}
