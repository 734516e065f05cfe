import { describe, expect, it } from 'vitest';
import { inlineText, llmsTxt, postMarkdown, type PostForAssistants } from './markdown.js';

const post: PostForAssistants = {
  title: 'Budget [v2] <b>',
  summary: 'Plan a month.\nThen the next.',
  details: '',
  price: 0,
  topic: { label: 'Personal', url: 'https://t.example/topics/personal' },
  app: { label: 'Notion', url: 'https://t.example/apps/notion' },
  author: { label: '@sam_lee', url: 'https://t.example/users/sam_lee' },
  keywords: ['budget', 'atlassian', ' '],
  likes: 2,
  saves: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-02-03T03:04:05.000Z',
  canonicalUrl: 'https://t.example/resources/budget-1',
  link: 'https://example.com/budget',
  imageUrls: ['https://t.example/api/images/a.webp'],
};

describe('Markdown for assistants', () => {
  it('keeps members’ text on one line and out of the link syntax, leaving words with underscores readable', () => {
    expect(inlineText('  A [link](x)\n<img> *bold* search_templates ')).toBe('A \\[link\\](x) \\<img\\> \\*bold\\* search_templates');
  });

  it('writes a post with its facts, leaving out empty details and hidden tags', () => {
    expect(postMarkdown(post)).toBe(
      [
        '# Budget \\[v2\\] \\<b\\>',
        '',
        '> Plan a month. Then the next.',
        '',
        '- Price: Free',
        '- Topic: [Personal](https://t.example/topics/personal)',
        '- App: [Notion](https://t.example/apps/notion)',
        '- Author: [@sam_lee](https://t.example/users/sam_lee)',
        '- Tags: budget',
        '- Likes: 2, saves: 1',
        '- Published: 2026-01-02, updated: 2026-02-03',
        '- Canonical URL: https://t.example/resources/budget-1',
        '- Get it: https://example.com/budget',
        '',
        '## Screenshots',
        '',
        '![Screenshot 1 of Budget \\[v2\\] \\<b\\>](https://t.example/api/images/a.webp)',
        '',
      ].join('\n'),
    );
  });

  it('leaves out an empty section of llms.txt', () => {
    const text = llmsTxt({
      topics: [{ label: 'Personal', url: 'https://t.example/topics/personal', note: '3 templates' }],
      apps: [],
      popular: [],
      api: [],
      optional: [],
    });
    expect(text).toContain('## Topics\n\n- [Personal](https://t.example/topics/personal): 3 templates\n');
    expect(text).not.toContain('## Apps');
  });
});
