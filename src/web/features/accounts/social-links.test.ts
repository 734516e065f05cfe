import { describe, expect, it } from 'vitest';

import { socialProfileUrl } from './social-links.js';

describe('socialProfileUrl', () => {
  it("puts the network's address in front of a handle", () => {
    expect(socialProfileUrl('instagram', 'ann.lee')).toBe('https://www.instagram.com/ann.lee');
    expect(socialProfileUrl('linkedIn', 'ann-lee')).toBe('https://www.linkedin.com/in/ann-lee');
    expect(socialProfileUrl('twitter', 'annlee')).toBe('https://x.com/annlee');
  });

  it('keeps a handle from escaping the path', () => {
    expect(socialProfileUrl('facebook', '../evil?x=1')).toBe('https://www.facebook.com/..%2Fevil%3Fx%3D1');
  });

  it('links a website by its host', () => {
    expect(socialProfileUrl('website', 'ann.example')).toBe('https://ann.example/');
    expect(socialProfileUrl('website', 'http://ann.example/work')).toBe('http://ann.example/work');
  });

  it('gives no link for an empty handle or a website that is not an address', () => {
    expect(socialProfileUrl('twitter', ' ')).toBeNull();
    expect(socialProfileUrl('website', 'not a host')).toBeNull();
  });
});
