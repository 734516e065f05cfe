import { describe, expect, it } from 'vitest';

import type { BlogPost } from '@domain/content/blog-post.js';
import { allTags, filterBlogPosts } from './blog-filter.js';

function post(id: string, title: string, tags: string[]): BlogPost {
  return { id, title, date: '2025-01-01T00:00:00.000Z', excerpt: `About ${title}`, tags, imageUrl: null, contentHtml: '', link: null };
}

const posts = [
  post('a', 'Selling tips', ['selling', 'tips']),
  post('b', 'Team templates', ['teams', 'tips']),
  post('c', 'Safety', ['safety']),
];

describe('filterBlogPosts', () => {
  it('keeps only posts that carry all selected tags', () => {
    expect(filterBlogPosts(posts, '', new Set(['tips'])).map((p) => p.id)).toEqual(['a', 'b']);
    expect(filterBlogPosts(posts, '', new Set(['tips', 'teams'])).map((p) => p.id)).toEqual(['b']);
    expect(filterBlogPosts(posts, '', new Set(['tips', 'safety']))).toEqual([]);
  });

  it('matches the search text in title or excerpt, ignoring case, together with the tags', () => {
    expect(filterBlogPosts(posts, 'TEAM', new Set()).map((p) => p.id)).toEqual(['b']);
    expect(filterBlogPosts(posts, 'about s', new Set(['tips'])).map((p) => p.id)).toEqual(['a']);
  });

  it('lists every tag once', () => {
    expect(allTags(posts)).toEqual(['safety', 'selling', 'teams', 'tips']);
  });
});
