import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../src/composition/demo-catalogue.js';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from '../../src/domain/catalogue/social-card.js';
import { TEMPLATE_MESSAGES } from '../../src/domain/templates/rules.js';
import { publishTemplate, type PublishedTemplate } from '../fixtures/catalogue.js';
import { startApiHarness, type ApiHarness } from '../fixtures/api-harness.js';

const SIZE = { users: 2, templates: 2, seed: 61 };

describe('GET /resources/{titleUrl}/card.png: the card a post without pictures shares', () => {
  let harness: ApiHarness;
  let forecast: PublishedTemplate;
  let markup: PublishedTemplate;
  let draft: PublishedTemplate;

  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    harness = await startApiHarness(SIZE);
    const { commands } = harness.infrastructure;
    const authorId = demoUserId(SIZE.seed, 1);
    forecast = await publishTemplate(
      commands,
      { title: 'Quarterly Sales Forecast Sheet', price: 12.5, topic: 'marketing', platform: 'google sheets' },
      { authorId },
    );
    markup = await publishTemplate(
      commands,
      { title: '<script>alert("x")</script> Tips & Tricks for a very long card title indeed' },
      { authorId },
    );
    draft = await publishTemplate(commands, { title: 'Secret Draft Card' }, { authorId, approve: false });
    await harness.catchUp();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('draws a public post as a 1200×630 PNG that caches may keep an hour', async () => {
    const answer = await get(`/resources/${forecast.titleUrl}/card.png`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    const metadata = await sharp(answer.rawPayload).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'png',
      width: SOCIAL_CARD_WIDTH,
      height: SOCIAL_CARD_HEIGHT,
    });
  });

  it('draws a title holding markup and an ampersand (escaped in the SVG, which would not parse otherwise)', async () => {
    const answer = await get(`/resources/${markup.titleUrl}/card.png`);
    expect(answer.statusCode).toBe(200);
    expect((await sharp(answer.rawPayload).metadata()).width).toBe(SOCIAL_CARD_WIDTH);
  });

  it('answers 404 for a post that is not public and for an unknown address', async () => {
    for (const url of [`/resources/${draft.titleUrl}/card.png`, '/resources/no-such-post-0000/card.png']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ error: true, message: TEMPLATE_MESSAGES.doesNotExist });
    }
  });
});
