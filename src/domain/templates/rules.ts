import { z } from 'zod';
import { APPS, TOPICS } from '../catalogue/taxonomy.js';

/** Limits of the create form (posts-payments-rewards.md, sections 5 and 9). */
export const TEMPLATE_LIMITS = {
  url: 300,
  title: 50,
  description: 150,
  instructions: 1500,
  tags: 3,
  maxPrice: 249,
} as const;

const topicNames = TOPICS.map((topic) => topic.name) as [string, ...string[]];
const appNames = APPS.map((app) => app.name) as [string, ...string[]];

const httpUrl = z
  .string()
  .trim()
  .max(TEMPLATE_LIMITS.url, `URL must be at most ${TEMPLATE_LIMITS.url} characters`)
  .refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'https:' || protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Please enter a valid URL starting with http:// or https://');

/** One template's content as its author submits it; shared by the API, the web form and the seed. */
export const templateContentSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(TEMPLATE_LIMITS.title, `Title must be at most ${TEMPLATE_LIMITS.title} characters`),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(TEMPLATE_LIMITS.description, `Description must be at most ${TEMPLATE_LIMITS.description} characters`),
  instructions: z.string().trim().max(TEMPLATE_LIMITS.instructions, `Instructions must be at most ${TEMPLATE_LIMITS.instructions} characters`),
  url: httpUrl,
  topic: z.enum(topicNames, 'Please choose a topic'),
  platform: z.enum(appNames, 'Please choose an app'),
  keywords: z
    .array(z.string().trim().toLowerCase().min(1))
    .max(TEMPLATE_LIMITS.tags, `At most ${TEMPLATE_LIMITS.tags} keywords`)
    .transform((tags) => [...new Set(tags)]),
  price: z.number().min(0, 'Price cannot be negative').max(TEMPLATE_LIMITS.maxPrice, `Max allowed is ${TEMPLATE_LIMITS.maxPrice}$`),
  imageUrls: z.array(z.string()).max(10),
});

export type TemplateContent = z.infer<typeof templateContentSchema>;

/** The address slug of a title: lower-case words joined by hyphens, plus 12 hex digits of the id to keep it unique. */
export function titleUrlFor(title: string, templateId: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'template'}-${templateId.replaceAll('-', '').slice(0, 12)}`;
}
