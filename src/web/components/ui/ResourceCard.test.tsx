import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import { ResourceCard } from './ResourceCard.js';

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

function renderCard(resource: ResourceView, leadsPage?: boolean): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ResourceCard resource={resource} leadsPage={leadsPage} />
    </MemoryRouter>,
  );
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

  it('shows kudos and saves as toggle buttons that name their action and count', () => {
    const html = renderCard(aResource());
    expect(html).toContain('aria-pressed="false" aria-label="Give kudos (12 kudos)"');
    expect(html).toContain('aria-pressed="false" aria-label="Save (3 saves)"');
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
});
