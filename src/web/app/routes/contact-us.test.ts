import { describe, expect, it } from 'vitest';

import { contactPrefill } from './contact-us.js';

describe('contactPrefill', () => {
  it('fills the name (first letter capitalised) and the reserved-account reason for a reserved username', () => {
    expect(contactPrefill(new URLSearchParams('forwardedFromReserved=true&reservedUsername=gumroad'))).toEqual({
      name: 'Gumroad',
      reason: 'reserved-account',
    });
  });

  it('preselects marketing for reason=marketing and nothing otherwise', () => {
    expect(contactPrefill(new URLSearchParams('reason=marketing'))).toEqual({ name: '', reason: 'marketing' });
    expect(contactPrefill(new URLSearchParams('reason=legal'))).toEqual({ name: '', reason: '' });
    expect(contactPrefill(new URLSearchParams(''))).toEqual({ name: '', reason: '' });
  });
});
