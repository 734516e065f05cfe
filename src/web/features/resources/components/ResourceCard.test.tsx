import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { IMAGE_VARIANT_WIDTHS } from '@domain/shared/images.js';
import { CARD_IMAGE_SIZES, ResourceCard } from './ResourceCard.js';

const STORED = '/api/images/11111111-1111-4111-8111-111111111111.webp';
const STORED_AVATAR = '/api/images/22222222-2222-4222-8222-222222222222.webp';

function aResource(overrides: Partial<ResourceView> = {}): ResourceView {
  return {
    _id: 'r1',
    titleUrl: 'weekly-planner',
    title: 'Weekly Planner',
    description: { short: 'Plan your week.', long: 'Plan your week, every week.' },
    price: 0,
    keywords: ['planning'],
    platform: 'notion',
    topic: 'productivity',
    sponsored: false,
    status: 'live',
    author: { _id: 'u1', username: 'ada', info: { displayName: 'Ada Lovelace', thumbnail: null } },
    ratings: { positive: 12, negative: 0, redFlags: 0, saves: 3 },
    images: [{ imageUrl: 'https://images.example/planner.png' }],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** In a data router, as the app draws it: the card's like and save buttons are fetchers. */
function renderCard(resource: ResourceView, leadsPage?: boolean): string {
  const Page = createRoutesStub([{ path: '/', Component: () => <ResourceCard resource={resource} leadsPage={leadsPage} /> }]);
  return renderToStaticMarkup(<Page />);
}

describe('ResourceCard', () => {
  it('links the title to the resource and the author to their profile', () => {
    const html = renderCard(aResource());

    expect(html).toContain('<a href="/resources/weekly-planner" data-discover="true">Weekly Planner</a>');
    expect(html).toMatch(/<a class="resource-card__author" href="\/users\/ada"[^>]*>.*AL.*ada<\/span><\/a>/u);
  });

  it('shows the price with two decimals, or Free', () => {
    expect(renderCard(aResource({ price: 7.5 }))).toContain('>$ 7.50</span>');
    expect(renderCard(aResource({ price: 0 }))).toContain('>Free</span>');
  });

  it('cuts a long short description at 200 characters', () => {
    const html = renderCard(aResource({ description: { short: 'a'.repeat(250), long: '' } }));
    expect(html).toContain(`>${'a'.repeat(200)}…</p>`);
  });

  it('links keyword tags to the tag search, leaving out atlassian', () => {
    const html = renderCard(aResource({ keywords: ['crm', 'atlassian', 'sales pipeline'] }));

    expect(html).toContain('href="/search/tag/crm"');
    expect(html).toContain('href="/search/tag/sales%20pipeline"');
    expect(html).not.toContain('atlassian');
  });

  it('marks sponsored resources only', () => {
    expect(renderCard(aResource({ sponsored: true }))).toContain('Sponsored');
    expect(renderCard(aResource({ sponsored: false }))).not.toContain('Sponsored');
  });

  it('shows the first screenshot, or a placeholder labelled with the platform when there is none', () => {
    expect(renderCard(aResource())).toContain('src="https://images.example/planner.png"');

    const html = renderCard(aResource({ images: [], platform: 'google sheets' }));
    expect(html).not.toContain('<img');
    expect(html).toContain('Google Sheets</span>');
  });

  it('shows kudos and saves as toggle buttons named by the count they show', () => {
    const html = renderCard(aResource());
    expect(html).toMatch(/aria-pressed="false" title="Kudos">(<svg[^]*?<\/svg>)?12<span class="visually-hidden"> kudos<\/span><\/button>/u);
    expect(html).toMatch(/aria-pressed="false" title="Saves">(<svg[^]*?<\/svg>)?3<span class="visually-hidden"> saves<\/span><\/button>/u);
  });

  it('sizes its picture and loads it lazily, unless the card leads the page (then at once and first)', () => {
    const lazy = /<img [^>]*>/u.exec(renderCard(aResource()))![0];
    expect(lazy).toContain('width="640" height="400"');
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).not.toContain('fetchPriority="high"');
    const leading = /<img [^>]*>/u.exec(renderCard(aResource(), true))![0];
    expect(leading).toContain('loading="eager"');
    expect(leading).toContain('fetchPriority="high"');
  });

  it('offers a stored picture at each variant width, with the width the card is drawn at, keeping its size and loading attributes', () => {
    const html = renderCard(aResource({ images: [{ imageUrl: STORED }] }));
    const card = /<img [^>]*>/u.exec(html)![0];
    expect(card).toContain(`src="${STORED}"`);
    expect(card).toContain(`srcSet="${IMAGE_VARIANT_WIDTHS.map((width) => `${STORED}?w=${width} ${width}w`).join(', ')}"`);
    expect(card).toContain(`sizes="${CARD_IMAGE_SIZES}"`);
    expect(card).toContain('width="640" height="400"');
    expect(card).toContain('loading="lazy"');
    expect(/<img [^>]*>/u.exec(renderCard(aResource({ images: [{ imageUrl: STORED }] }), true))![0]).toContain('fetchPriority="high"');
  });

  it('gives a stored avatar its variants too, and leaves a picture from elsewhere as it is', () => {
    const html = renderCard(aResource({ author: { _id: 'u1', username: 'ada', info: { displayName: 'Ada', thumbnail: STORED_AVATAR } } }));
    const avatar = /<img class="avatar"[^>]*>/u.exec(html)![0];
    expect(avatar).toContain(`srcSet="${STORED_AVATAR}?w=${IMAGE_VARIANT_WIDTHS[0]} ${IMAGE_VARIANT_WIDTHS[0]}w,`);
    expect(avatar).toContain('sizes="6rem"');
    const outside = /<img [^>]*>/u.exec(renderCard(aResource()))![0];
    expect(outside).toContain('src="https://images.example/planner.png"');
    expect(outside).not.toContain('srcSet');
    expect(outside).not.toContain('sizes');
  });
});
