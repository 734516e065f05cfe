import { describe, expect, it } from 'vitest';

import { historyTitle } from './history.js';

describe('history titles', () => {
  it('tells a denied or approved edit from a decision on a new post: the approved version stays live when an edit is denied', () => {
    expect(historyTitle('TemplateDenied', { reason: 'Broken link' })).toBe('Denied');
    expect(historyTitle('TemplateDenied', { reason: 'Broken link', editOnly: true })).toBe('Edit denied (the approved version stays live)');
    expect(historyTitle('TemplateApproved', { reason: null })).toBe('Approved');
    expect(historyTitle('TemplateApproved', { reason: null, published: { title: 'New' } })).toBe('Edit approved and published');
  });

  it('says an edit of a post nobody sees yet goes to review, one of a public post to re-approval', () => {
    expect(historyTitle('TemplateEdited', { changes: { title: 'x' }, previousStatus: 'live' })).toBe(
      'Edited (title) and sent for re-approval',
    );
    expect(historyTitle('TemplateEdited', { changes: { title: 'x' }, previousStatus: 'not approved' })).toBe(
      'Edited (title) and sent for review',
    );
  });
});
