import { join } from 'node:path';
import { fetchFeedPosts, readMarkdownPosts } from '../adapters/blog/blog-posts.js';
import { REPO_ROOT } from '../api/repo-root.js';
import type { BlogPost } from '../domain/content/blog-post.js';

/** The repository's own posts, used when no external feed is configured. */
export const DEFAULT_BLOG_CONTENT_DIR = join(REPO_ROOT, 'content/blog');
/** An external feed is asked again after this long; the repository's posts are read once. */
export const BLOG_FEED_CACHE_MS = 10 * 60 * 1000;

export interface BlogConfig {
  /** A WordPress-style posts list (BLOG_FEED_URL); without it, the markdown files in `contentDir`. */
  feedUrl?: string;
  contentDir?: string;
}

/** Where the blog's posts come from, and the posts, newest first. */
export interface BlogSource {
  source: 'feed' | 'repository';
  posts(): Promise<BlogPost[]>;
}

export function createBlogSource(config: BlogConfig = {}): BlogSource {
  const { feedUrl, contentDir = DEFAULT_BLOG_CONTENT_DIR } = config;
  let cached: { posts: BlogPost[]; at: number } | null = null;
  return {
    source: feedUrl === undefined ? 'repository' : 'feed',
    async posts() {
      if (feedUrl === undefined) {
        cached ??= { posts: await readMarkdownPosts(contentDir), at: Date.now() };
        return cached.posts;
      }
      if (cached !== null && Date.now() - cached.at < BLOG_FEED_CACHE_MS) return cached.posts;
      cached = { posts: await fetchFeedPosts(feedUrl), at: Date.now() };
      return cached.posts;
    },
  };
}
