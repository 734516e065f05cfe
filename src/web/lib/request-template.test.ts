import { describe, expect, it } from 'vitest';

import { loginRedirectForRequest } from './request-template.js';

describe('loginRedirectForRequest', () => {
  it('returns to the same page and query with showRequestModal=true', () => {
    const target = loginRedirectForRequest('/search', '?q=crm&sort=date_desc');
    const redirectUrl = new URL(target, 'http://x').searchParams.get('redirectUrl');
    expect(target.startsWith('/login?redirectUrl=')).toBe(true);
    expect(redirectUrl).toBe('/search?q=crm&sort=date_desc&showRequestModal=true');
  });
});
