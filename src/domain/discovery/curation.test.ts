import { describe, expect, it } from 'vitest';
import { CURATION_MESSAGES, curationDecider, curationListProblem, curationSaveMessage } from './curation.js';

const entry = (overrides: Record<string, unknown> = {}) => ({
  name: 'Staff picks',
  link: '/topics/ai',
  img: '',
  type: 'select',
  ...overrides,
});

describe('curationListProblem', () => {
  it('accepts lists the server accepts', () => {
    expect(curationListProblem('collections', [entry(), entry({ link: 'https://example.com/a' })])).toBeNull();
    expect(
      curationListProblem('topapps', [
        { name: 'Notion', link: '/apps/notion', img: '', description: 'Docs' },
        { name: 'Zapier', link: '/apps/zapier', img: '', description: '' },
      ]),
    ).toBeNull();
  });

  it('names the list and the entry as the portal numbers it, with the reason', () => {
    expect(curationListProblem('collections', [entry(), entry({ link: 'javascript:alert(1)' })])).toBe(
      'Collections, entry 2: A link starts with / (a page here) or https://',
    );
    // Browsers read /\ as // : another site, not a page here.
    for (const link of ['//evil.example', '/\\evil.example'])
      expect(curationListProblem('collections', [entry({ link })])).toBe(
        'Collections, entry 1: A link starts with / (a page here) or https://',
      );
    expect(
      curationListProblem('topapps', [
        { name: ' ', link: '/apps', img: '', description: '' },
        { name: 'Zapier', link: '/apps/zapier', img: '', description: '' },
      ]),
    ).toBe('Top apps, entry 1: Every entry needs a name');
    expect(curationListProblem('collections', [entry({ _id: 'a' }), entry({ _id: 'b' }), entry({ _id: 'a' })])).toBe(
      'Collections, entry 3: Another entry has the same id',
    );
  });
});

describe('curationDecider', () => {
  const saved = { _id: 'a', name: 'Staff picks', link: '/topics/ai', img: null, type: 'select' as const };
  const state = { entries: [saved] };

  it('records nothing for the saved list sent again with its fields in another order (a new entry gets its id last, the editor sends it first)', () => {
    const { name, link, img, type, _id } = saved;
    expect(
      curationDecider.decide({ type: 'SetList', data: { list: 'collections', entries: [{ name, link, img, type, _id }] } }, state),
    ).toEqual([]);
  });

  it('records a list whose fields or order of entries changed', () => {
    const other = { ...saved, _id: 'b' };
    expect(
      curationDecider.decide({ type: 'SetList', data: { list: 'collections', entries: [{ ...saved, name: 'Picks' }] } }, state),
    ).toHaveLength(1);
    expect(
      curationDecider.decide({ type: 'SetList', data: { list: 'collections', entries: [other, saved] } }, { entries: [saved, other] }),
    ).toHaveLength(1);
    expect(curationDecider.decide({ type: 'SetList', data: { list: 'collections', entries: [saved] } }, { entries: null })).toHaveLength(1);
  });
});

describe('curationSaveMessage', () => {
  it('says both saved, or which one was and which was not, or what the server refused when neither was', () => {
    expect(curationSaveMessage({ collections: { saved: true }, topapps: { saved: true } })).toBe(CURATION_MESSAGES.saved);
    expect(curationSaveMessage({ collections: { saved: true }, topapps: { saved: false, refusal: null } })).toBe(
      'Collections saved, but top apps not saved. Your top apps edits are still in the form: press Save to try again.',
    );
    expect(curationSaveMessage({ collections: { saved: false, refusal: null }, topapps: { saved: true } })).toBe(
      'Top apps saved, but collections not saved. Your collections edits are still in the form: press Save to try again.',
    );
    expect(curationSaveMessage({ collections: { saved: false, refusal: null }, topapps: { saved: false, refusal: null } })).toBe(
      CURATION_MESSAGES.failed,
    );
    expect(
      curationSaveMessage({ collections: { saved: false, refusal: null }, topapps: { saved: false, refusal: 'Between 1 and 8 entries' } }),
    ).toBe('Top apps: Between 1 and 8 entries');
  });
});
