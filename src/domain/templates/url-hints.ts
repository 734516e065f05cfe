import { TOPICS } from '../catalogue/taxonomy.js';

/** Hosts (and path prefixes) whose templates belong to a known app; the create form preselects it. */
const APP_HOSTS: readonly { host: string; pathPrefix?: string; app: string }[] = [
  { host: 'docs.google.com', pathPrefix: '/spreadsheets', app: 'google sheets' },
  { host: 'docs.google.com', pathPrefix: '/document', app: 'google docs' },
  { host: 'docs.google.com', pathPrefix: '/presentation', app: 'google slides' },
  { host: 'notion.so', app: 'notion' },
  { host: 'notion.site', app: 'notion' },
  { host: 'trello.com', app: 'trello' },
  { host: 'airtable.com', app: 'airtable' },
  { host: 'zapier.com', app: 'zapier' },
  { host: 'canva.com', app: 'canva' },
  { host: 'figma.com', app: 'figma' },
  { host: 'miro.com', app: 'miro' },
  { host: 'slack.com', app: 'slack' },
  { host: 'smartsheet.com', app: 'smartsheet' },
  { host: 'lucid.app', app: 'lucidchart' },
  { host: 'lucidchart.com', app: 'lucidchart' },
  { host: 'ifttt.com', app: 'ifttt' },
  { host: 'make.com', app: 'integromat' },
  { host: 'integromat.com', app: 'integromat' },
  { host: 'carrd.co', app: 'carrd' },
  { host: 'tableau.com', app: 'tableau' },
  { host: 'icloud.com', pathPrefix: '/shortcuts', app: 'apple shortcuts' },
];

/** The app a template URL points into, or null. */
export function appForUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const match = APP_HOSTS.find(
    (entry) =>
      (host === entry.host || host.endsWith(`.${entry.host}`)) &&
      (entry.pathPrefix === undefined || url.pathname.startsWith(entry.pathPrefix)),
  );
  return match?.app ?? null;
}

/** The first topic whose name or label occurs in the text as a word, or null. */
export function topicForText(text: string): string | null {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9&]+/gu, ' ')} `;
  const topic = TOPICS.find((entry) =>
    [entry.name.replaceAll('_', ' '), entry.label.toLowerCase()].some((word) => lower.includes(` ${word} `)),
  );
  return topic?.name ?? null;
}

/** What the create form's Fetch button fills in; `found` is false when nothing could be read. */
export interface TemplateSuggestion {
  found: boolean;
  message: string;
  type: string | null;
  platform: string | null;
  title: string | null;
  description: string | null;
  instructions: string | null;
}
