import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { USER_MANAGEMENT_MESSAGES } from '@domain/accounts/user-management.js';
import type { ManagedUser, UserHistoryEntry } from '../users-api.js';
import { actorOf, UserRow } from './UserManagement.js';

const member: ManagedUser = {
  _id: 'u2',
  username: 'member_one',
  lvl: 'base',
  verification: 'verified',
  erased: false,
  _dateCreated: '2026-01-02T10:00:00.000Z',
};
const viewerOf = (lvl: CurrentUser['lvl']) => ({ _id: 'u1', username: 'viewer', lvl }) as CurrentUser;
const LEVEL_NOTE_ID = 'level-note';
const row = (lvl: CurrentUser['lvl'], user = member) =>
  renderToStaticMarkup(
    <UserRow
      user={user}
      viewer={viewerOf(lvl)}
      levelNoteId={lvl === 'owner' ? null : LEVEL_NOTE_ID}
      onUpdated={() => undefined}
      onHistory={() => undefined}
    />,
  );

describe('user management row', () => {
  it('tells an admin why the level cannot be changed: a title on the disabled control, which points to the note above the list', () => {
    const html = row('admin');
    expect(html).toMatch(/<select[^>]*disabled=""[^>]*title="Only an owner can change a level\."[^>]*aria-describedby="level-note"/u);
    // An admin may block a member: the status control is enabled and unexplained.
    expect(html).not.toContain('-status-lock');
  });

  it('gives an owner the level control with no lock, and says why their own row is locked', () => {
    expect(row('owner')).not.toContain('-lock');
    expect(row('owner', { ...member, _id: 'u1' })).toMatch(/id="[^"]+-lvl-lock">You cannot change your own level or status\.<\/span>/u);
    expect(USER_MANAGEMENT_MESSAGES.notYourself).toBe('You cannot change your own level or status.');
  });
});

describe('account history', () => {
  const entry = (actor: UserHistoryEntry['actor']): UserHistoryEntry => ({
    type: 'VerificationStatusChanged',
    occurredAt: '2026-01-03T10:00:00.000Z',
    actor,
    details: {},
  });
  it('names who acted: the admin by username and level, the user themselves, else the role', () => {
    expect(actorOf(entry({ userId: 'a1', username: 'ann', role: 'admin' }), member)).toBe('ann (admin)');
    expect(actorOf(entry({ userId: member._id, username: member.username, role: 'base' }), member)).toBe('the user');
    expect(actorOf(entry({ userId: null, username: null, role: 'operator' }), member)).toBe('operator');
  });
});
