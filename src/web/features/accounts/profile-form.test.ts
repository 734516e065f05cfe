import { describe, expect, it } from 'vitest';

import { draftFromUser, hasChanges, profileChanges, socialFieldValue, type ProfileDraft } from './profile-form.js';
import type { CurrentUser } from '@domain/accounts/current-user.js';

const saved: ProfileDraft = {
  info: { firstName: 'Ann', lastName: 'Lee', jobTitle: '', companyName: '', location: 'Oslo', bio: 'Hi' },
  username: 'ann',
  social: { facebook: '', instagram: 'ann.lee', linkedIn: '', website: '', twitter: '' },
  favoriteApps: ['notion', 'zapier', 'canva', 'figma', 'trello'],
};

describe('profileChanges', () => {
  it('sends nothing for an untouched form', () => {
    expect(hasChanges(profileChanges(saved, structuredClone(saved)))).toBe(false);
  });

  it('sends only the changed fields, trimmed', () => {
    const draft = structuredClone(saved);
    draft.info.jobTitle = '  Designer ';
    draft.social.twitter = 'annlee';
    draft.username = 'ann2';
    expect(profileChanges(saved, draft)).toEqual({ info: { jobTitle: 'Designer' }, social: { twitter: 'annlee' }, username: 'ann2' });
  });

  it('ignores a reordering of the same favourite apps and sends a different set', () => {
    const reordered = structuredClone(saved);
    reordered.favoriteApps.reverse();
    expect(profileChanges(saved, reordered)).toEqual({});
    const changed = structuredClone(saved);
    changed.favoriteApps[0] = 'miro';
    expect(profileChanges(saved, changed).favoriteApps).toEqual(['miro', 'zapier', 'canva', 'figma', 'trello']);
  });

  it('treats trailing spaces alone as no change', () => {
    const draft = structuredClone(saved);
    draft.info.location = 'Oslo ';
    expect(hasChanges(profileChanges(saved, draft))).toBe(false);
  });
});

describe('socialFieldValue', () => {
  it('reduces a pasted address to its last path segment', () => {
    expect(socialFieldValue('instagram', 'https://www.instagram.com/ann.lee/?hl=en')).toBe('ann.lee');
    expect(socialFieldValue('instagram', 'https://x.com/@annlee#top')).toBe('annlee');
  });

  it('keeps a typed handle as it is', () => {
    expect(socialFieldValue('instagram', 'ann.lee')).toBe('ann.lee');
  });

  it('keeps the website as the whole address (the handle rule is for networks)', () => {
    expect(socialFieldValue('website', 'https://example.com/portfolio?x=1')).toBe('https://example.com/portfolio?x=1');
  });
});

describe('draftFromUser', () => {
  it('reads the editable fields of the current user', () => {
    const user = {
      username: 'ann',
      info: { ...saved.info, initials: 'AL', displayName: 'Ann Lee', thumbnail: null },
      social: saved.social,
      favoriteApps: saved.favoriteApps,
    } as unknown as CurrentUser;
    expect(draftFromUser(user)).toEqual(saved);
  });
});
