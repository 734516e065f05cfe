import { describe, expect, it } from 'vitest';
import type { TemplateEvent } from './events.js';
import {
  decisionFor,
  isEngageable,
  isPublic,
  isRecommended,
  isSearchable,
  pendingDiff,
  reviewActionsFor,
  statusAfter,
  statusLabel,
  TEMPLATE_STATUSES,
  type TemplateStatus,
} from './lifecycle.js';

const templateId = 't1';
const reviewerId = 'r1';

describe('template lifecycle', () => {
  it('who may see, find, engage with and be recommended a post in each status (case-insensitive)', () => {
    const table = Object.fromEntries(
      TEMPLATE_STATUSES.map((status) => [status, [isPublic(status), isSearchable(status), isEngageable(status), isRecommended(status)]]),
    );
    expect(table).toEqual({
      'under review': [false, false, false, false],
      // The approved version stays public while an edit waits.
      'under review edit': [true, true, true, true],
      live: [true, true, true, true],
      'live flagged': [true, true, true, false],
      'not approved': [false, false, false, false],
      hidden: [false, false, false, false],
    });
    expect(isEngageable('Live Flagged')).toBe(true);
    expect(isPublic('deleted')).toBe(false);
  });

  it('an edit keeps a public post public as under review edit; any other goes back to under review', () => {
    const editFrom = (previousStatus: TemplateStatus): TemplateEvent => ({
      type: 'TemplateEdited',
      data: { templateId, editorId: 'a', changes: { title: 'x' }, previousStatus },
    });
    expect(TEMPLATE_STATUSES.map((status) => statusAfter(editFrom(status)))).toEqual([
      'under review',
      'under review edit',
      'under review edit',
      'under review edit',
      'under review',
      'under review',
    ]);
  });

  it('a denied edit leaves the post live; a denied submission (and every older denial) is not approved', () => {
    expect(statusAfter({ type: 'TemplateDenied', data: { templateId, reviewerId, reason: 'No', editOnly: true } })).toBe('live');
    expect(statusAfter({ type: 'TemplateDenied', data: { templateId, reviewerId, reason: 'No' } })).toBe('not approved');
    expect(statusAfter({ type: 'TemplateDeleted', data: { templateId, deletedBy: 'a', reason: null } })).toBe('deleted');
    expect(statusAfter({ type: 'TemplateSponsored', data: { templateId, sponsored: true } })).toBeUndefined();
  });

  it('offers the spec decisions per status and maps a requested status to the decision', () => {
    const labels = (status: string) => reviewActionsFor(status).map((action) => action.label);
    expect(labels('under review edit')).toEqual(['Approve', 'Deny']);
    expect(labels('live flagged')).toEqual(['Not Flagged', 'Hide It']);
    expect(labels('live')).toEqual([]);
    expect([
      decisionFor('under review', 'live'),
      decisionFor('live flagged', 'live'),
      decisionFor('under review edit', 'not approved'),
      decisionFor('live flagged', 'hidden'),
    ]).toEqual(['approve', 'not_flagged', 'deny', 'hide']);
    // No transition fits: still a decision, which the decider refuses.
    expect(decisionFor('live', 'hidden')).toBe('hide');
  });

  it("labels an edit waiting on a live post 'Under Review - Edited' for its author", () => {
    expect(statusLabel('under review edit')).toBe('Under Review - Edited');
  });

  it('diffs a pending edit field by field, leaving out fields set to their current value', () => {
    const approved = {
      title: 'Planner',
      description: 'Short',
      instructions: 'Long',
      url: 'https://a.example',
      keywords: ['a'],
      imageUrls: [],
    };
    expect(pendingDiff(approved, { title: 'Planner 2', url: 'https://a.example', keywords: ['a', 'b'] })).toEqual([
      { field: 'title', before: 'Planner', after: 'Planner 2' },
      { field: 'keywords', before: ['a'], after: ['a', 'b'] },
    ]);
  });
});
