import { describe, expect, it } from 'vitest';

import { websiteUrl } from './website.js';

describe('websiteUrl', () => {
  it('links http and https addresses, and a bare host as https', () => {
    expect(websiteUrl('ann.example')).toBe('https://ann.example/');
    expect(websiteUrl(' http://ann.example/work?x=1 ')).toBe('http://ann.example/work?x=1');
    expect(websiteUrl('ann.example:8080/me')).toBe('https://ann.example:8080/me');
  });

  it('gives no link for other schemes, credentials or text that is not an address', () => {
    for (const value of ['', 'javascript:alert(document.cookie)', 'ftp://ann.example/files', 'mailto:ann@ann.example', 'not a host'])
      expect(websiteUrl(value)).toBeNull();
  });
});
