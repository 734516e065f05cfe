/** Hand-picked lists of the home sidebar (GET /api/collections, GET /api/topapps). */

export interface QuickLink {
  link: string;
  /** An icon address, or null for the initial-letter placeholder. */
  img: string | null;
  name: string;
}

export interface TrendingTool extends QuickLink {
  description: string;
}

export const QUICK_LINKS: readonly QuickLink[] = [
  { link: '/search?price=free', img: null, name: 'Free templates' },
  { link: '/search?sort=most_pop_90', img: null, name: 'Most popular this quarter' },
  { link: '/topics/ai', img: null, name: 'AI workflows' },
  { link: '/apps/notion', img: null, name: 'Notion templates' },
  { link: '/topics/startup', img: null, name: 'Startup toolkit' },
  { link: '/explore', img: null, name: 'Explore by tag' },
];

export const TRENDING_TOOLS: readonly TrendingTool[] = [
  { link: 'https://www.notion.so', img: null, name: 'Notion', description: 'Docs, wikis and databases in one workspace.' },
  { link: 'https://zapier.com', img: null, name: 'Zapier', description: 'Automations between thousands of apps, no code.' },
  { link: 'https://airtable.com', img: null, name: 'Airtable', description: 'Spreadsheet-database hybrid for team workflows.' },
  { link: 'https://www.figma.com', img: null, name: 'Figma', description: 'Collaborative interface design in the browser.' },
  { link: 'https://www.canva.com', img: null, name: 'Canva', description: 'Quick graphics, decks and social posts.' },
];
