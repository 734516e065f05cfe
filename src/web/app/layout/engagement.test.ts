import { describe, expect, it } from 'vitest';

import { isEngagementExcluded } from './engagement.js';

describe('isEngagementExcluded', () => {
  it('excludes the listed pages and their sub-pages, nothing else', () => {
    for (const path of [
      '/login',
      '/signup',
      '/create',
      '/editor/resources/my-post',
      '/contact-us',
      '/admin',
      '/account',
      '/onboarding',
      '/topics/ai',
      '/apps/notion',
      '/users/ada',
      '/search/tag/crm',
    ]) {
      expect(isEngagementExcluded(path), path).toBe(true);
    }
    for (const path of ['/', '/sellers', '/blogs', '/resources/x', '/searching']) expect(isEngagementExcluded(path), path).toBe(false);
  });
});
