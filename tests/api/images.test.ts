import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTemplate } from '../fixtures/catalogue.js';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';
import { UNUSED_UPLOAD_GRACE_MS } from '../../src/adapters/storage/images.js';
import { uploadedImagesDirectory } from '../../src/composition/infrastructure.js';
import { sweepUnusedUploads } from '../../src/composition/upload-sweep.js';
import { IMAGE_MESSAGES, IMAGE_URL_PREFIX, imageVariantUrl } from '../../src/domain/shared/images.js';

/** A picture that does not compress to nothing, so its sizes say something. */
const noisyPicture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();

describe('images route: stored pictures and their narrower variants', () => {
  let harness: ApiHarness;
  let picture: string;
  const get = (url: string) => harness.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 0, seed: 19 });
    picture = await harness.infrastructure.images.store(await noisyPicture(1200, 800), 'shot.png');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('serves a variant of the asked width, smaller than the original, cached like it', async () => {
    const original = await get(picture);
    const variant = await get(imageVariantUrl(picture, 400));
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.headers['cache-control']).toBe(original.headers['cache-control']);
    expect(variant.headers['cache-control']).toContain('immutable');
    expect(variant.headers.etag).toBeDefined();
    expect(variant.headers.etag).not.toBe(original.headers.etag);
    const metadata = await sharp(variant.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 400, 267]);
    expect(variant.rawPayload.length).toBeLessThan(original.rawPayload.length / 3);
    expect(
      (
        await harness.app.inject({
          method: 'GET',
          url: imageVariantUrl(picture, 400),
          headers: { 'if-none-match': String(variant.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);
  });

  it('answers the original for a width it is not wider than', async () => {
    const original = await get(picture);
    const wide = await get(imageVariantUrl(picture, 1600));
    expect(wide.statusCode).toBe(200);
    expect(wide.rawPayload.equals(original.rawPayload)).toBe(true);
  });

  it('refuses a width outside the set with 400 and the widths it serves; 404 for an unknown name', async () => {
    for (const width of ['500', '0', '-400', '400.0', '0400', 'abc', '']) {
      const answer = await get(`${picture}?w=${width}`);
      expect(answer.statusCode, width).toBe(400);
      expect(answer.json().message).toBe(IMAGE_MESSAGES.unknownWidth);
    }
    const unknown = `${IMAGE_URL_PREFIX}00000000-0000-4000-8000-000000000000.webp`;
    expect((await get(imageVariantUrl(unknown, 400))).statusCode).toBe(404);
    expect((await get(unknown)).statusCode).toBe(404);
    expect((await get(`${IMAGE_URL_PREFIX}..%2F..%2Fpglite?w=400`)).statusCode).toBe(404);
  });

  it('makes a variant once, then reads it from disk', async () => {
    const fresh = await harness.infrastructure.images.store(await noisyPicture(800, 600), 'fresh.png');
    const first = await get(imageVariantUrl(fresh, 400));
    expect(first.statusCode).toBe(200);
    // Without its original the variant could not be made again: what comes now was read from disk.
    await unlink(join(uploadedImagesDirectory(harness.dataDir), fresh.slice(IMAGE_URL_PREFIX.length)));
    const second = await get(imageVariantUrl(fresh, 400));
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("deletes an unused upload's variants with it, and keeps those of a post's picture", async () => {
    const { images, commands, database } = harness.infrastructure;
    const attached = await images.store(await noisyPicture(700, 400), 'attached.png');
    const abandoned = await images.store(await noisyPicture(700, 400), 'abandoned.png');
    await harness.catchUp((await publishTemplate(commands, { title: 'Planner with a screenshot', imageUrls: [attached] })).position);
    for (const url of [attached, abandoned]) {
      for (const width of [400, 800] as const) expect((await get(imageVariantUrl(url, width))).statusCode).toBe(200);
    }
    const variantsOf = async (url: string) =>
      (await readdir(join(uploadedImagesDirectory(harness.dataDir), 'variants'))).filter((name) =>
        name.startsWith(url.slice(IMAGE_URL_PREFIX.length, -'.webp'.length)),
      );
    expect(await variantsOf(abandoned)).toHaveLength(2);

    const later = new Date(Date.now() + UNUSED_UPLOAD_GRACE_MS + 60_000);
    expect(await sweepUnusedUploads({ db: database.db, images }, later)).toContain(abandoned.slice(IMAGE_URL_PREFIX.length));
    expect(await variantsOf(abandoned)).toEqual([]);
    expect(await variantsOf(attached)).toHaveLength(2);
    expect((await get(imageVariantUrl(abandoned, 400))).statusCode).toBe(404);
    expect((await get(imageVariantUrl(attached, 400))).statusCode).toBe(200);
  });
});
