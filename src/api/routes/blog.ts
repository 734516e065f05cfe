import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/shared/zod.js';

import type { BlogSource } from '../../composition/blog.js';
import type { BlogPost } from '../../domain/content/blog-post.js';
import { HttpError } from '../errors.js';

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

export function blogRoutes(deps: { blog: BlogSource }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/blog/posts',
      {
        config: { access: 'anyone' },
        schema: { summary: 'The blog posts, newest first', tags: ['content'], response: { 200: blogAnswer } },
      },
      async (request) => {
        try {
          return { posts: await deps.blog.posts(), source: deps.blog.source };
        } catch (error) {
          request.log.error({ err: error }, 'blog posts could not be loaded');
          throw new HttpError(502, 'The blog is unavailable right now. Please try again later.');
        }
      },
    );
  };
}
