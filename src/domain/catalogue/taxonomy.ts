/** The fixed topics and apps resources are filed under. */

export interface TaxonomyEntry {
  /** As stored and as it appears in addresses. */
  name: string;
  /** As people read it. */
  label: string;
}

/** Words shown upper-case in labels. */
const ACRONYMS: ReadonlySet<string> = new Set(['ai', 'ux', 'ui', 'hr', 'pdf']);

/** A label from a name: underscores and hyphens become spaces, words capitalised, acronyms upper-case. */
export function deriveLabel(name: string): string {
  return name
    .split(/[\s_-]+/u)
    .filter(Boolean)
    .map((word) => {
      const lower = word.toLowerCase();
      return ACRONYMS.has(lower) ? lower.toUpperCase() : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/**
 * The entry a typed term or address names, in any case: its name (an underscore read as a space)
 * or its label.
 */
export function entryNamed(entries: readonly TaxonomyEntry[], term: string): TaxonomyEntry | undefined {
  const wanted = term.trim().toLowerCase().replaceAll('_', ' ');
  return entries.find((entry) => entry.name.replaceAll('_', ' ') === wanted || entry.label.toLowerCase() === wanted);
}

function entry(name: string, label = deriveLabel(name)): TaxonomyEntry {
  return { name, label };
}

export const TOPICS: readonly TaxonomyEntry[] = [
  entry('business_intelligence'),
  entry('commerce'),
  entry('communication'),
  entry('content_and_files', 'Content & Files'),
  entry('human_resources'),
  entry('iot', 'IoT'),
  entry('data_management'),
  entry('operations'),
  entry('marketing'),
  entry('productivity'),
  entry('design'),
  entry('startup'),
  entry('ai'),
  entry('themes'),
  entry('personal'),
];

/** Apps whose own names are not capitalised word by word. */
const BRAND_LABELS: Readonly<Record<string, string>> = { ifttt: 'IFTTT', indesign: 'InDesign' };

export const APPS: readonly TaxonomyEntry[] = [
  'zapier',
  'notion',
  'google sheets',
  'google docs',
  'trello',
  'airtable',
  'apple shortcuts',
  'canva',
  'figma',
  'google slides',
  'ifttt',
  'integromat',
  'lucidchart',
  'smartsheet',
  'photoshop',
  'illustrator',
  'indesign',
  'pdf',
  'miro',
  'tableau',
  'carrd',
  'slack',
].map((name) => entry(name, BRAND_LABELS[name]));
