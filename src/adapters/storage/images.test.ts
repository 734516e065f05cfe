import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmp24 } from '../../../tests/fixtures/bitmap.js';
import { noisyJpeg } from '../../../tests/fixtures/noisy-image.js';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_URL_PREFIX } from '../../domain/shared/images.js';
import { createLocalImageStore, MAX_INPUT_PIXELS, UNUSED_UPLOAD_GRACE_MS, type ImageStore } from './images.js';

describe('local image store (sharp)', () => {
  let directory: string;
  let images: ImageStore;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'tessera-images-'));
    images = createLocalImageStore(directory);
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('re-encodes a large noisy JPEG into a WebP of at most 1 MB and 2000 px', async () => {
    const upload = await noisyJpeg(4000, 3000);
    expect(upload.length).toBeGreaterThan(5 * 1024 * 1024);
    const url = await images.store(upload, 'noise.jpg');
    const stored = await images.read(url.slice(IMAGE_URL_PREFIX.length));
    expect(stored!.length).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    const metadata = await sharp(stored!).metadata();
    expect(metadata.format).toBe('webp');
    expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(2000);
  }, 120_000);

  it('refuses a picture of more pixels than the limit before decoding it (a small file can be a huge picture)', async () => {
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 100;
    const huge = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    await expect(images.store(huge, 'huge.png')).rejects.toThrow(IMAGE_MESSAGES.tooManyPixels);
  });

  it('stores a 24-bit BMP (which libvips cannot read) as a WebP of the same picture', async () => {
    const red = [255, 0, 0] as const;
    const blue = [0, 0, 255] as const;
    const rows = Array.from({ length: 30 }, (_, row) => Array.from({ length: 41 }, () => (row < 15 ? red : blue)));
    const url = await images.store(bmp24(rows), 'screen.bmp');
    const { data, info } = await sharp((await images.read(url.slice(IMAGE_URL_PREFIX.length)))!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([41, 30]);
    const pixelAt = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // Lossy WebP: near the colours, and the top half red (BMP rows are stored bottom-up).
    pixelAt(20, 2).forEach((channel, index) => expect(Math.abs(channel - red[index]!)).toBeLessThan(16));
    pixelAt(20, 27).forEach((channel, index) => expect(Math.abs(channel - blue[index]!)).toBeLessThan(16));
  });

  it('refuses a file that is no picture with a message naming exactly the formats it reads', async () => {
    await expect(images.store(Buffer.from('BM not really a bitmap'), 'broken.bmp')).rejects.toThrow(IMAGE_MESSAGES.notAnImage);
    expect(IMAGE_MESSAGES.notAnImage).toBe('This file is not an image we can read. Please upload a JPG, PNG, WebP, BMP or TIFF picture.');
  });

  it('makes a variant once for concurrent first requests, written whole into the variants directory', async () => {
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#996633' } })
      .png()
      .toBuffer();
    const name = (await images.store(picture, 'shot.png')).slice(IMAGE_URL_PREFIX.length);
    const answers = await Promise.all(Array.from({ length: 4 }, () => images.readVariant(name, 400)));
    // One job made it: every request got the very buffer that job produced.
    for (const answer of answers) expect(answer).toBe(answers[0]);
    expect((await sharp(answers[0]!).metadata()).width).toBe(400);
    expect((await readdir(join(directory, 'variants'))).filter((file) => file.startsWith(name.slice(0, -'.webp'.length)))).toEqual([
      `${name.slice(0, -'.webp'.length)}-400w.webp`,
    ]);
    expect(await images.readVariant('../secret.webp', 400)).toBeNull();
  });

  it('sweeps stored images that nothing refers to once they are older than the grace period, and keeps the rest', async () => {
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const used = await images.store(picture, 'used.png');
    const unused = await images.store(picture, 'unused.png');
    const fresh = await images.store(picture, 'fresh.png');
    const old = new Date(Date.now() - UNUSED_UPLOAD_GRACE_MS - 60_000);
    for (const url of [used, unused]) await utimes(join(directory, url.slice(IMAGE_URL_PREFIX.length)), old, old);

    const inUse = new Set([
      used,
      ...(await readdir(directory))
        .filter((name) => ![used, unused, fresh].some((url) => url.endsWith(name)))
        .map((name) => `${IMAGE_URL_PREFIX}${name}`),
    ]);
    const deleted = await images.sweepUnused(inUse);
    expect(deleted).toEqual([unused.slice(IMAGE_URL_PREFIX.length)]);
    expect(await images.read(unused.slice(IMAGE_URL_PREFIX.length))).toBeNull();
    expect(await images.read(used.slice(IMAGE_URL_PREFIX.length))).not.toBeNull();
    expect(await images.read(fresh.slice(IMAGE_URL_PREFIX.length))).not.toBeNull();
  });
});
