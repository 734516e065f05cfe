import { describe, expect, it } from 'vitest';

import { CHANGE_NOTE_MAX, VERSION_MESSAGES } from '@domain/templates/versions.js';
import {
  addTags,
  changeNoteProblems,
  createProblems,
  createRequestBody,
  EMPTY_TEMPLATE_FORM,
  editProblems,
  editRequestBody,
  fieldLabel,
  hintsFromUrl,
  initialCreateForm,
  isFormDirty,
  keywordCounter,
  lockedTagsOf,
  removeTag,
  touch,
  untouchedFlags,
  urlValidity,
  withProtocol,
  type TemplateFormValues,
} from './template-form.js';

const COMPLETE: TemplateFormValues = {
  ...EMPTY_TEMPLATE_FORM,
  url: 'https://www.notion.so/planner',
  topic: 'marketing',
  platform: 'notion',
  title: 'Planner',
  description: 'Plans campaigns.',
};

describe('tags', () => {
  it('splits on commas, trims, lower-cases and drops blanks and repeats', () => {
    expect(addTags([], ' Planner, CALENDAR ,, planner')).toEqual({ tags: ['planner', 'calendar'], refused: false });
    expect(addTags(['planner'], 'Planner').tags).toEqual(['planner']);
  });

  it('refuses a fourth keyword and says so', () => {
    expect(addTags(['a', 'b', 'c'], 'd')).toEqual({ tags: ['a', 'b', 'c'], refused: true });
    expect(addTags(['a', 'b'], 'c, d')).toEqual({ tags: ['a', 'b', 'c'], refused: true });
  });

  it('leaves out the type and platform tags, which are shown first and not counted', () => {
    expect(addTags([], 'notion, budget', ['marketing', 'notion']).tags).toEqual(['budget']);
    expect(lockedTagsOf({ topic: 'marketing', platform: 'notion' })).toEqual(['marketing', 'notion']);
    expect(lockedTagsOf({ topic: '', platform: 'notion' })).toEqual(['notion']);
  });

  it('removes one and counts them', () => {
    expect(removeTag(['a', 'b'], 'a')).toEqual(['b']);
    expect(keywordCounter(2)).toBe('2 / 3 keywords');
  });
});

describe('URL states', () => {
  it('is empty, valid, a direct-domain warning or not valid', () => {
    expect(urlValidity('  ')).toBe('empty');
    expect(urlValidity('https://www.notion.so/x')).toBe('valid');
    expect(urlValidity('notion.so/x')).toBe('valid');
    expect(urlValidity('https://bit.ly/abc')).toBe('direct-domain');
    expect(urlValidity('bit.ly/abc')).toBe('direct-domain');
    expect(urlValidity('javascript:alert(1)')).toBe('invalid');
    expect(urlValidity('not a url')).toBe('invalid');
    expect(urlValidity(`https://example.com/${'a'.repeat(300)}`)).toBe('invalid');
  });

  it('prepends https:// only when there is no scheme', () => {
    expect(withProtocol(' trello.com/b/1 ')).toBe('https://trello.com/b/1');
    expect(withProtocol('http://trello.com')).toBe('http://trello.com');
    expect(withProtocol('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(withProtocol('')).toBe('');
  });

  it('suggests the app and type a URL points to', () => {
    expect(hintsFromUrl('docs.google.com/spreadsheets/d/1/marketing-budget')).toEqual({ platform: 'google sheets', topic: 'marketing' });
    expect(hintsFromUrl('https://example.com/x')).toEqual({ platform: null, topic: null });
  });
});

describe('preselection', () => {
  it('takes a known app from ?app= and a known topic from the navigation state', () => {
    expect(initialCreateForm('Notion', 'design')).toMatchObject({ platform: 'notion', topic: 'design' });
    // Spec 3: type business_intelligence and platform zapier until the author picks others.
    expect(initialCreateForm('google sheets', null)).toMatchObject({ platform: 'google sheets', topic: 'business_intelligence' });
    expect(initialCreateForm('nonsense', 42)).toMatchObject({ platform: 'zapier', topic: 'business_intelligence' });
    expect(initialCreateForm(null, undefined)).toMatchObject({ platform: 'zapier', topic: 'business_intelligence' });
  });
});

describe('validation', () => {
  it('lists every missing field of an empty create form in the schema words', () => {
    const fields = createProblems(EMPTY_TEMPLATE_FORM).map((problem) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'description', 'url', 'topic', 'platform']));
    expect(createProblems(COMPLETE)).toEqual([]);
  });

  it('refuses a shortener with the direct-domain message', () => {
    expect(createProblems({ ...COMPLETE, url: 'https://bit.ly/x' })).toEqual([
      { field: 'url', message: 'Please use a direct domain to your template.' },
    ]);
  });

  it('lets an edit leave the instructions empty but not the title', () => {
    expect(editProblems({ ...COMPLETE, instructions: '' })).toEqual([]);
    expect(editProblems({ ...COMPLETE, title: ' ' }).map((problem) => problem.field)).toEqual(['title']);
  });

  it('holds the change note to the API rule: at most CHANGE_NOTE_MAX characters once trimmed', () => {
    expect(changeNoteProblems('')).toEqual([]);
    expect(changeNoteProblems(` ${'é'.repeat(CHANGE_NOTE_MAX)} `)).toEqual([]);
    expect(changeNoteProblems('😀'.repeat(CHANGE_NOTE_MAX + 1))).toEqual([
      { field: 'changeNote', message: VERSION_MESSAGES.changeNoteTooLong },
    ]);
    expect(fieldLabel('changeNote')).toBe('What changed');
  });

  it('names fields as the form labels them', () => {
    expect(fieldLabel('description')).toBe('Preview description');
    expect(fieldLabel('images.0')).toBe('Screenshots');
    expect(fieldLabel('other')).toBe('other');
  });
});

describe('request body, dirty flag and progress flags', () => {
  it('sends the type as type and the URL with its protocol', () => {
    expect(createRequestBody({ ...COMPLETE, url: 'notion.so/x', title: ' Planner ' })).toMatchObject({
      type: 'marketing',
      url: 'https://notion.so/x',
      title: 'Planner',
    });
  });

  it('sends a change note trimmed, and none when it is blank', () => {
    expect(editRequestBody(COMPLETE, 4, '  Clearer steps ')).toMatchObject({ revision: 4, changeNote: 'Clearer steps' });
    expect(editRequestBody(COMPLETE, 4, '   ')).not.toHaveProperty('changeNote');
  });

  it('is dirty only when a value differs from the initial one', () => {
    expect(isFormDirty(COMPLETE, { ...COMPLETE })).toBe(false);
    expect(isFormDirty(COMPLETE, { ...COMPLETE, tags: ['x'] })).toBe(true);
  });

  it('marks the progress field of each changed value, keeping earlier ones', () => {
    const flags = touch(touch(untouchedFlags(), ['topic']), ['imageUrls', 'title']);
    expect(flags).toMatchObject({ type: true, images: true, title: true, url: false, price: false });
  });
});
