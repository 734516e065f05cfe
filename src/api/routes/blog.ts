import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/shared/zod.js';

import { fetchFeedPosts, readMarkdownPosts, type BlogPost } from '../../adapters/blog/blog-posts.js';
import { HttpError } from '../errors.js';
import { REPO_ROOT } from '../repo-root.js';

/** The repository's own posts, used when no external feed is configured. */
export const DEFAULT_BLOG_CONTENT_DIR = join(REPO_ROOT, 'content/blog');
/** An external feed is asked again after this long; the repository's posts are read once. */
export const BLOG_FEED_CACHE_MS = 10 * 60 * 1000;

export interface BlogConfig {
  /** A WordPress-style posts list (BLOG_FEED_URL); without it, the markdown files in `contentDir`. */
  feedUrl?: string;
  contentDir?: string;
}

const blogPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  imageUrl: z.string().nullable(),
  contentHtml: z.string(),
  link: z.string().nullable(),
}) satisfies z.ZodType<BlogPost>;
const blogAnswer = z.object({ posts: z.array(blogPostSchema), source: z.enum(['feed', 'repository']) });

export function blogRoutes(config: BlogConfig = {}): FastifyPluginAsyncZod {
  const { feedUrl, contentDir = DEFAULT_BLOG_CONTENT_DIR } = config;
  let cached: { posts: BlogPost[]; at: number } | null = null;

  async function posts(): Promise<BlogPost[]> {
    if (feedUrl === undefined) {
      cached ??= { posts: await readMarkdownPosts(contentDir), at: Date.now() };
      return cached.posts;
    }
    if (cached !== null && Date.now() - cached.at < BLOG_FEED_CACHE_MS) return cached.posts;
    cached = { posts: await fetchFeedPosts(feedUrl), at: Date.now() };
    return cached.posts;
  }

  return async (app) => {
    app.get(
      '/blog/posts',
      { config: { access: 'anyone' }, schema: { summary: 'The blog posts, newest first', tags: ['content'], response: { 200: blogAnswer } } },
      async (request) => {
        try {
          return { posts: await posts(), source: feedUrl === undefined ? ('repository' as const) : ('feed' as const) };
        } catch (error) {
          request.log.error({ err: error }, 'blog posts could not be loaded');
          throw new HttpError(502, 'The blog is unavailable right now. Please try again later.');
        }
      },
    );
  };
}
