/** A blog post as the blog page shows it. `contentHtml` is always produced by the server (adapters/blog), never passed through from a source. */
export interface BlogPost {
  id: string;
  title: string;
  /** ISO date. */
  date: string;
  excerpt: string;
  tags: string[];
  /** The first image in the content, or null (the page then shows its fallback image). */
  imageUrl: string | null;
  contentHtml: string;
  /** The post's own address on the external blog, when it comes from one. */
  link: string | null;
}
