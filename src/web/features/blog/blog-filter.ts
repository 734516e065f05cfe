import type { BlogPost } from '@domain/content/blog-post.js';

/** Posts whose title or excerpt contains the search text and which carry every selected tag (spec: blog filter). */
export function filterBlogPosts(posts: readonly BlogPost[], searchText: string, selectedTags: ReadonlySet<string>): BlogPost[] {
  const needle = searchText.trim().toLowerCase();
  return posts.filter(
    (post) =>
      (needle === '' || post.title.toLowerCase().includes(needle) || post.excerpt.toLowerCase().includes(needle)) &&
      [...selectedTags].every((tag) => post.tags.includes(tag)),
  );
}

/** Every tag used by some post, alphabetically. */
export function allTags(posts: readonly BlogPost[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))].sort();
}
