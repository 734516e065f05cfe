import { v5 as uuidv5 } from 'uuid';
import type { UserLevel } from '../domain/accounts/events.js';
import { APPS, TOPICS } from '../domain/catalogue/taxonomy.js';
import { templateContentSchema, titleUrlFor, type TemplateContent } from '../domain/templates/rules.js';

/*
 * What the demo catalogue holds: its sizes, its names and template content, and the plan of who
 * registers and what they submit and like. Seeding it into a store is demo-catalogue.ts's work.
 */

/** Namespace for the demo catalogue's ids, so the same seed gives the same ids. */
const DEMO_NAMESPACE = '0b7f9a52-1f7e-4c1e-9d55-3b7c5c0f2a11';

export interface CatalogueSize {
  users: number;
  templates: number;
  seed: number;
  /** Chance that a user likes a template (default 0.3); large catalogues need a small one. */
  likeChance?: number;
}

/** Chance that a user likes a template unless the size says otherwise. */
const DEFAULT_LIKE_CHANCE = 0.3;

/** What `npm start` creates on an empty store: every topic and app shows something. */
export const DEMO_CATALOGUE: CatalogueSize = { users: 12, templates: 60, seed: 1 };
export const DEMO_ADMIN_USERNAME = 'admin';
/** Only the first admin (user 0 of the demo plan): what a fresh install on a real database starts with. */
export const FIRST_ADMIN_ONLY: CatalogueSize = { users: 1, templates: 0, seed: DEMO_CATALOGUE.seed };

/** Small deterministic generator (mulberry32): the same seed gives the same catalogue. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Linus',
  'Maya',
  'Noah',
  'Priya',
  'Omar',
  'Lena',
  'Kenji',
  'Sofia',
  'Tariq',
  'Elena',
  'Jonas',
  'Amara',
  'Luca',
  'Ines',
];
const LAST_NAMES = [
  'Lovelace',
  'Okafor',
  'Berg',
  'Tanaka',
  'Silva',
  'Haddad',
  'Novak',
  'Moreau',
  'Kowalski',
  'Reyes',
  'Lindqvist',
  'Mensah',
];

/** Title nouns per topic: what people in that area actually build templates for. */
const TOPIC_SUBJECTS: Record<string, readonly string[]> = {
  business_intelligence: ['KPI Dashboard', 'Revenue Report', 'Cohort Analysis', 'Sales Forecast'],
  commerce: ['Order Tracker', 'Inventory Sheet', 'Product Catalog', 'Refund Workflow'],
  communication: ['Team Standup', 'Meeting Notes', 'Newsletter Plan', 'Status Update'],
  content_and_files: ['Content Calendar', 'Asset Library', 'File Naming Guide', 'Blog Planner'],
  human_resources: ['Onboarding Checklist', 'Hiring Pipeline', 'Leave Tracker', 'Review Template'],
  iot: ['Sensor Log', 'Smart Home Routine', 'Device Inventory', 'Alert Automation'],
  data_management: ['Data Dictionary', 'CRM Cleanup', 'Backup Routine', 'Import Mapper'],
  operations: ['SOP Library', 'Vendor Tracker', 'Incident Log', 'Shift Planner'],
  marketing: ['Campaign Planner', 'Lead Capture Flow', 'Social Media Calendar', 'SEO Audit'],
  productivity: ['Weekly Planner', 'Habit Tracker', 'Task Board', 'Focus Timer Log'],
  design: ['Brand Kit', 'Moodboard', 'Wireframe Kit', 'Pitch Deck'],
  startup: ['Investor CRM', 'Runway Model', 'Launch Checklist', 'OKR Tracker'],
  ai: ['Prompt Library', 'AI Meeting Summary', 'Chatbot Flow', 'AI Content Pipeline'],
  themes: ['Dark Theme', 'Minimal Portfolio', 'Pastel Workspace', 'Retro Dashboard'],
  personal: ['Budget Tracker', 'Travel Itinerary', 'Reading List', 'Meal Planner'],
};
const ADJECTIVES = ['Simple', 'Ultimate', 'Automated', 'Smart', 'Complete', 'Minimal', 'Team', 'Quick'];
const KEYWORDS_BY_TOPIC: Record<string, readonly string[]> = Object.fromEntries(
  TOPICS.map((topic) => [topic.name, [topic.name.split('_')[0]!, 'template', 'automation', 'planner', 'free', 'workflow']]),
);

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)]!;
}

export function demoUserId(seed: number, index: number): string {
  return uuidv5(`user:${seed}:${index}`, DEMO_NAMESPACE);
}

export function demoTemplateId(seed: number, index: number): string {
  return uuidv5(`template:${seed}:${index}`, DEMO_NAMESPACE);
}

/** The content of template number `index`: topics and apps cycle so every one is represented. */
export function demoTemplateContent(index: number, next: () => number): TemplateContent {
  const topic = TOPICS[index % TOPICS.length]!;
  const app = APPS[index % APPS.length]!;
  const subject = pick(TOPIC_SUBJECTS[topic.name]!, next);
  const appLabel = app.label;
  const title = (index % 3 === 0 ? `${appLabel} ${subject}` : `${pick(ADJECTIVES, next)} ${subject} for ${appLabel}`).slice(0, 50);
  const keywords = [
    ...new Set([pick(KEYWORDS_BY_TOPIC[topic.name]!, next), pick(KEYWORDS_BY_TOPIC[topic.name]!, next), app.name.split(' ')[0]!]),
  ];
  return templateContentSchema.parse({
    title,
    description:
      `A ready-to-use ${subject.toLowerCase()} built in ${appLabel}. Duplicate it, follow the steps and have it running in minutes.`.slice(
        0,
        150,
      ),
    instructions: `1. Open the link and duplicate the ${appLabel} template.\n2. Replace the sample rows with your own data.\n3. Adjust the views to ${topic.label} routine.`,
    url: `https://example.com/templates/${titleUrlFor(title, demoTemplateId(0, index))}`,
    topic: topic.name,
    platform: app.name,
    keywords: keywords.slice(0, 3),
    price: next() < 0.7 ? 0 : Math.round(next() * 4900) / 100 + 1,
    imageUrls: [],
  });
}

/** Who registers, and which templates they submit and like: the same size and seed give the same plan. */
export function cataloguePlan(size: CatalogueSize) {
  const next = random(size.seed);
  const likeChance = size.likeChance ?? DEFAULT_LIKE_CHANCE;
  const users = Array.from({ length: Math.max(1, size.users) }, (_, index) => {
    const first = pick(FIRST_NAMES, next);
    const last = pick(LAST_NAMES, next);
    // The first account is the site's owner: someone must be able to make admins and change levels.
    const lvl: UserLevel = index === 0 ? 'owner' : 'base';
    const username = index === 0 ? DEMO_ADMIN_USERNAME : `${first}_${last}${index}`.toLowerCase();
    return { userId: demoUserId(size.seed, index), username, displayName: `${first} ${last}`, lvl };
  });
  const admin = users[0]!;
  const templates = Array.from({ length: size.templates }, (_, index) => ({
    templateId: demoTemplateId(size.seed, index),
    author: users[index % users.length]!,
    content: demoTemplateContent(index, next),
    sponsored: index % 10 === 4,
    likers: users.filter(() => next() < likeChance),
  }));
  return { users, admin, templates };
}
