import { describe, expect, it } from 'vitest';
import { appForUrl, topicForText } from './url-hints.js';

describe('url hints', () => {
  it('finds the app of a template URL by host and path', () => {
    expect(appForUrl('https://docs.google.com/spreadsheets/d/abc')).toBe('google sheets');
    expect(appForUrl('https://docs.google.com/document/d/abc')).toBe('google docs');
    expect(appForUrl('https://acme.notion.site/Planner-123')).toBe('notion');
    expect(appForUrl('https://www.figma.com/community/file/1')).toBe('figma');
    expect(appForUrl('https://example.com/notion.so')).toBeNull();
    expect(appForUrl('not a url')).toBeNull();
  });

  it('finds a topic named in a text', () => {
    expect(topicForText('The ultimate Marketing calendar')).toBe('marketing');
    expect(topicForText('Human Resources onboarding')).toBe('human_resources');
    expect(topicForText('A calendar')).toBeNull();
  });
});
