import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fetchFeedPosts, htmlToTextBlocks, parseFrontMatter, postFromFeed, postFromMarkdown, readMarkdownPosts } from './blog-posts.js';

describe('markdown posts', () => {
  it('reads the front matter and renders the body without passing raw HTML', () => {
    const post = postFromMarkdown(
      'hello',
      '---\ntitle: Hello: world\ndate: 2025-01-02\ntags: Tips, getting started\n---\n![pic](https://img.example/a.png)\n\n**Bold** <script>alert(1)</script> [x](javascript:alert(1))\n',
    );
    expect(post).toMatchObject({
      id: 'hello',
      title: 'Hello: world',
      date: '2025-01-02T00:00:00.000Z',
      tags: ['tips', 'getting started'],
      imageUrl: 'https://img.example/a.png',
      link: null,
    });
    expect(post.contentHtml).toContain('<strong>Bold</strong>');
    expect(post.contentHtml).not.toContain('<script');
    expect(post.contentHtml).toContain('&lt;script&gt;');
    expect(post.contentHtml).not.toMatch(/href="javascript:/u);
    expect(post.excerpt).toContain('Bold');
  });

  it('takes a file without front matter as all body', () => {
    expect(parseFrontMatter('# Only a body')).toEqual({ fields: {}, body: '# Only a body' });
  });

  it('ships real posts in content/blog, newest first, each with a title, tags and text', async () => {
    const posts = await readMarkdownPosts(fileURLToPath(new URL('../../../content/blog', import.meta.url)));
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.map((post) => post.date)).toEqual(
      posts
        .map((post) => post.date)
        .sort()
        .reverse(),
    );
    for (const post of posts) {
      expect(post.title).not.toBe(post.id);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(post.contentHtml.length).toBeGreaterThan(200);
    }
  });
});

describe('WordPress-style feed posts', () => {
  const wordpressPost = {
    id: 7,
    date: '2025-02-03T10:00:00',
    link: 'https://blog.example/hello',
    title: { rendered: 'Tips &amp; tricks' },
    content: {
      rendered: '<p>First <b>para</b></p><script>steal()</script><p><img src="https://img.example/p.jpg" onerror="x()">Second&nbsp;one</p>',
    },
    excerpt: { rendered: '<p>Short &hellip;</p>' },
    class_list: ['post-7', 'type-post', 'tag-notion', 'tag-getting-started', 'category-news'],
  };

  it('keeps only the text of the feed HTML, the first image and the tag- classes', () => {
    const post = postFromFeed(wordpressPost);
    expect(post).toEqual({
      id: '7',
      title: 'Tips & tricks',
      date: new Date('2025-02-03T10:00:00').toISOString(),
      excerpt: 'Short …',
      tags: ['notion', 'getting started'],
      imageUrl: 'https://img.example/p.jpg',
      contentHtml: '<p>First para</p>\n<p>Second one</p>',
      link: 'https://blog.example/hello',
    });
  });

  it('drops entries without an id or title', () => {
    expect(postFromFeed({ title: { rendered: 'No id' } })).toBeNull();
    expect(postFromFeed({ id: 1, title: { rendered: '' } })).toBeNull();
    expect(htmlToTextBlocks('<style>p{}</style><h2>A</h2>B<br>C')).toEqual(['A', 'B', 'C']);
  });

  describe('fetched over HTTP', () => {
    let server: Server;
    let baseUrl: string;
    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === '/posts') {
          response.setHeader('Content-Type', 'application/json');
          response.end(JSON.stringify([wordpressPost, { ...wordpressPost, id: 8, date: '2025-03-01T00:00:00' }]));
        } else {
          response.statusCode = 500;
          response.end('oops');
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('reads the list, newest first', async () => {
      expect((await fetchFeedPosts(`${baseUrl}/posts`)).map((post) => post.id)).toEqual(['8', '7']);
    });

    it('fails on an error answer', async () => {
      await expect(fetchFeedPosts(`${baseUrl}/broken`)).rejects.toThrow('500');
    });
  });
});
