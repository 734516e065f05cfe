import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { randomSample } from '../api.js';
import { itemsPerSlide, slidesOf } from './Carousel.js';
import { ChecklistCard, type Progression } from './ChecklistCard.js';
import { PromoCard } from './PromoCard.js';

const nothingDone: Progression = { verifyEmail: false, profilePicture: false, giveKudos: false, addComment: false, createPost: false };

describe('carousel', () => {
  it('shows 1, 2 or 3 items by viewport width', () => {
    expect([320, 574, 575, 991, 992, 1400].map(itemsPerSlide)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('pads the last slide by repeating items from the start', () => {
    expect(slidesOf([1, 2, 3, 4, 5], 3)).toEqual([[1, 2, 3], [4, 5, 1]]);
    expect(slidesOf([1, 2], 3)).toEqual([[1, 2]]);
    expect(slidesOf([], 2)).toEqual([]);
  });
});

describe('checklist card', () => {
  const render = (progression: Progression) => renderToStaticMarkup(<MemoryRouter><ChecklistCard progression={progression} /></MemoryRouter>);

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
  const render = (viewer: Parameters<typeof PromoCard>[0]['viewer']) => renderToStaticMarkup(<MemoryRouter><PromoCard viewer={viewer} /></MemoryRouter>);

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
    const sample = randomSample(Array.from({ length: 30 }, (_, i) => i), 12);
    expect(sample).toHaveLength(12);
    expect(new Set(sample).size).toBe(12);
    expect(randomSample([1, 2], 12)).toHaveLength(2);
  });
});
