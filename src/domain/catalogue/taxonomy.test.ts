import { describe, expect, it } from 'vitest';

import { APPS, deriveLabel, TOPICS } from './taxonomy.js';

describe('deriveLabel', () => {
  it('turns underscores and hyphens into spaces and capitalises every word', () => {
    expect(deriveLabel('business_intelligence')).toBe('Business Intelligence');
    expect(deriveLabel('data-management')).toBe('Data Management');
    expect(deriveLabel('google sheets')).toBe('Google Sheets');
  });

  it('keeps the acronyms AI, UX, UI, HR and PDF upper-case', () => {
    expect(deriveLabel('ai')).toBe('AI');
    expect(deriveLabel('ux_ui-design')).toBe('UX UI Design');
    expect(deriveLabel('hr_tools')).toBe('HR Tools');
    expect(deriveLabel('pdf')).toBe('PDF');
  });

  it('lower-cases the rest of each word and ignores repeated separators', () => {
    expect(deriveLabel('PRODUCTIVITY__hacks')).toBe('Productivity Hacks');
  });
});

describe('the fixed lists', () => {
  it('holds the 15 topics, with Content & Files spelled out', () => {
    expect(TOPICS).toHaveLength(15);
    expect(TOPICS.find((topic) => topic.name === 'content_and_files')?.label).toBe('Content & Files');
    expect(TOPICS.find((topic) => topic.name === 'human_resources')?.label).toBe('Human Resources');
  });

  it('holds the 22 apps with derived labels', () => {
    expect(APPS).toHaveLength(22);
    expect(APPS.find((app) => app.name === 'apple shortcuts')?.label).toBe('Apple Shortcuts');
    expect(APPS.find((app) => app.name === 'pdf')?.label).toBe('PDF');
  });

  it('spells IoT, IFTTT and InDesign as their makers do', () => {
    expect(TOPICS.find((topic) => topic.name === 'iot')?.label).toBe('IoT');
    expect(APPS.find((app) => app.name === 'ifttt')?.label).toBe('IFTTT');
    expect(APPS.find((app) => app.name === 'indesign')?.label).toBe('InDesign');
  });

  it('has no duplicate names', () => {
    expect(new Set(TOPICS.map((topic) => topic.name)).size).toBe(TOPICS.length);
    expect(new Set(APPS.map((app) => app.name)).size).toBe(APPS.length);
  });
});
