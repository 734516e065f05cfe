import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTemplate } from '../../tests/fixtures/catalogue.js';
import { startApiHarness, type ApiHarness } from '../../tests/fixtures/api-harness.js';
import { UNUSED_UPLOAD_GRACE_MS } from '../adapters/storage/images.js';
import { IMAGE_URL_PREFIX } from '../domain/shared/images.js';
import { sweepUnusedUploads } from './upload-sweep.js';

describe('sweep of uploads no post refers to', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness({ users: 1, templates: 0, seed: 31 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('deletes an old upload that no post refers to, and keeps the pictures of posts', async () => {
    const { images, commands, store, database } = harness.infrastructure;
    const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const attached = await images.store(picture, 'attached.png');
    const abandoned = await images.store(picture, 'abandoned.png');
    const published = await publishTemplate(commands, { title: 'Planner with screenshots', imageUrls: [attached] });
    await harness.catchUp(published.position);
    expect(await store.headPosition()).toBeGreaterThanOrEqual(published.position);

    // Both uploads are past the grace period; only the post's picture is referred to.
    const later = new Date(Date.now() + UNUSED_UPLOAD_GRACE_MS + 60_000);
    const deleted = await sweepUnusedUploads({ db: database.db, images }, later);
    expect(deleted).toEqual([abandoned.slice(IMAGE_URL_PREFIX.length)]);
    expect(await images.read(attached.slice(IMAGE_URL_PREFIX.length))).not.toBeNull();
    expect(await images.read(abandoned.slice(IMAGE_URL_PREFIX.length))).toBeNull();
  });
});
