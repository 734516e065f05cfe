import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { randomSample } from '../api.js';
import { itemsPerSlide, slidesOf } from './Carousel.js';
import { ChecklistCard, type Progression } from './ChecklistCard.js';
import { PromoCard } from './PromoCard.js';
import { TILE_IMAGE_SIZES, TemplateTile } from './TemplateTile.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { IMAGE_VARIANT_WIDTHS } from '@domain/shared/images.js';
import { CAROUSEL_BREAKPOINTS_PX } from '@domain/discovery/constants.js';

const nothingDone: Progression = { verifyEmail: false, profilePicture: false, giveKudos: false, addComment: false, createPost: false };

describe('carousel', () => {
  it('shows 1, 2 or 3 items by viewport width', () => {
    expect([320, 574, 575, 991, 992, 1400].map(itemsPerSlide)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it("hides in the stylesheet the items of the server's desktop slide that a narrower window's slide leaves out, at the same widths", () => {
    const stylesheet = readFileSync(new URL('../discovery.css', import.meta.url), 'utf8');
    const hiddenFrom = [
      ...stylesheet.matchAll(/@media \(max-width: ([\d.]+)px\) \{\s*\.carousel__slide > li:nth-child\(n \+ (\d)\)/gu),
    ].map(([, width, from]) => ({
      below: Math.ceil(Number(width)),
      shown: Number(from) - 1,
    }));
    const { one, two } = CAROUSEL_BREAKPOINTS_PX;
    expect(hiddenFrom).toEqual([
      { below: two, shown: itemsPerSlide(two - 1) },
      { below: one, shown: itemsPerSlide(one - 1) },
    ]);
  });

  it('pads the last slide by repeating items from the start', () => {
    expect(slidesOf([1, 2, 3, 4, 5], 3)).toEqual([
      [1, 2, 3],
      [4, 5, 1],
    ]);
    expect(slidesOf([1, 2], 3)).toEqual([[1, 2]]);
    expect(slidesOf([], 2)).toEqual([]);
  });
});

describe('checklist card', () => {
  const render = (progression: Progression) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <ChecklistCard progression={progression} />
      </MemoryRouter>,
    );

  it('shows the rounded progress over six steps, account steps linking to /account', () => {
    const html = render({ ...nothingDone, verifyEmail: true });
    expect(html).toContain('aria-valuenow="33"');
    expect(html).toContain('<a href="/account" data-discover="true">Set profile picture</a>');
    expect(html).not.toContain('>Verify email</a>');
  });

  it('is hidden once every step is done', () => {
    expect(render({ verifyEmail: true, profilePicture: true, giveKudos: true, addComment: true, createPost: true })).toBe('');
  });
});

describe('promo card', () => {
  const render = (viewer: Parameters<typeof PromoCard>[0]['viewer']) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <PromoCard viewer={viewer} />
      </MemoryRouter>,
    );

  it('has a variant for visitors, for users without posts and for creators', () => {
    expect(render(null)).toContain('href="/signup"');
    expect(render({ verified: true, postCount: 0 })).toContain('Become a creator');
    // Its actions are buttons: verified members go on, unverified ones get the verify prompt (tests/e2e/first-use).
    expect(render({ verified: false, postCount: 0 })).toMatch(/<button[^>]*>Submit template<\/button>/u);
    expect(render({ verified: true, postCount: 2 })).toMatch(/<button[^>]*>Start Selling<\/button>/u);
  });
});

describe('tag sample', () => {
  it('takes at most the count, each item once', () => {
    const sample = randomSample(
      Array.from({ length: 30 }, (_, i) => i),
      12,
    );
    expect(sample).toHaveLength(12);
    expect(new Set(sample).size).toBe(12);
    expect(randomSample([1, 2], 12)).toHaveLength(2);
  });
});

describe('template tile', () => {
  const stored = '/api/images/33333333-3333-4333-8333-333333333333.webp';
  const tile = {
    _id: 't1',
    titleUrl: 'crm-board',
    title: 'CRM Board',
    description: { short: '', long: '' },
    price: 0,
    keywords: [],
    platform: 'trello',
    topic: 'sales',
    sponsored: false,
    status: 'live',
    author: { _id: 'u1', username: 'ada', info: { displayName: null, thumbnail: null } },
    ratings: { positive: 0, negative: 0, redFlags: 0, saves: 0 },
    images: [{ imageUrl: stored }],
    createdAt: '2025-01-01T00:00:00.000Z',
  } satisfies ResourceView;

  it('offers its stored picture at each variant width with the width a carousel slide draws it at, lazily', () => {
    const image = /<img [^>]*>/u.exec(
      renderToStaticMarkup(
        <MemoryRouter>
          <TemplateTile resource={tile} />
        </MemoryRouter>,
      ),
    )![0];
    expect(image).toContain(`src="${stored}"`);
    expect(image).toContain(`srcSet="${IMAGE_VARIANT_WIDTHS.map((width) => `${stored}?w=${width} ${width}w`).join(', ')}"`);
    expect(image).toContain(`sizes="${TILE_IMAGE_SIZES}"`);
    expect(image).toContain('loading="lazy"');
  });
});
