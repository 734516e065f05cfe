import { describe, expect, it } from 'vitest';

import type { HistoryEntry } from '@domain/templates/history.js';
import { actorName } from './HistoryPanel.js';

const entry = (actor: HistoryEntry['actor']): HistoryEntry => ({
  id: 'e1',
  type: 'TemplateApproved',
  title: 'Approved',
  _date: '2026-11-28T04:00:00.000Z',
  actor,
  reason: null,
  status: 'live',
  details: {},
});

describe('history: who did it', () => {
  it('names a user, the system, and the operator (command line, seed, import) rather than an unknown someone', () => {
    expect(actorName(entry({ userId: 'a1', username: 'ann', role: 'admin', impersonatedBy: null }))).toBe('ann');
    expect(actorName(entry({ userId: null, username: null, role: 'system', impersonatedBy: null }))).toBe('System');
    expect(actorName(entry({ userId: null, username: null, role: 'operator', impersonatedBy: null }))).toBe('Operator (command line)');
    // The author's view hides who else acted.
    expect(actorName(entry({ userId: null, username: null, role: 'base', impersonatedBy: null }))).toBe('Someone');
  });
});
